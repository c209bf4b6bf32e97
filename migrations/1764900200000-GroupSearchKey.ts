import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A search key per study group (issue 55): its name without case, separators and «ё», in Cyrillic
 * and in the two Latin spellings people type, the passport one (ICAO Doc 9303) and GOST 7.79
 * system B, so «fiz231», «ivt-261» and «231 физ» find ФИЗ-231 and ИВТ-261. A generated column, so
 * every write (form, import, SQL) keeps it right; the mapping is written out letter by letter rather
 * than left to lower(), whose Cyrillic depends on the database's locale.
 */
export class GroupSearchKey1764900200000 implements MigrationInterface {
  name = 'GroupSearchKey1764900200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION group_search_cyrillic(name text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT regexp_replace(
          translate(lower(name), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе'),
          '[[:space:]_./''\`-]+', '', 'g') $$`);
    // Letters with a longer Latin spelling first; the rest one for one.
    await db.query(`
      CREATE FUNCTION group_search_icao(cyrillic text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT translate(
          replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(cyrillic,
            'щ', 'shch'), 'ж', 'zh'), 'х', 'kh'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'ъ', 'ie'), 'ю', 'iu'), 'я', 'ia'), 'ь', ''),
          'абвгдезийклмнопрстуфыэ', 'abvgdeziiklmnoprstufye') $$`);
    // GOST 7.79 B without its apostrophes (ы = y', э = e\`, ъ = \`\`, ь = \`), which nobody types
    // into a search box; ц is c before и, е, ы, й and cz elsewhere.
    await db.query(`
      CREATE FUNCTION group_search_gost(cyrillic text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT translate(
          replace(replace(replace(replace(replace(replace(replace(
            regexp_replace(cyrillic, 'ц([иеый])', 'c\\1', 'g'),
            'щ', 'shh'), 'ж', 'zh'), 'ц', 'cz'), 'ч', 'ch'), 'ш', 'sh'), 'ю', 'yu'), 'я', 'ya'),
          'абвгдезийклмнопрстуфхыэъь', 'abvgdezijklmnoprstufxye') $$`);
    await db.query(`
      ALTER TABLE study_groups ADD COLUMN search_key text GENERATED ALWAYS AS (
        group_search_cyrillic(name) || ' ' || group_search_icao(group_search_cyrillic(name)) || ' ' || group_search_gost(group_search_cyrillic(name))
      ) STORED`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE study_groups DROP COLUMN search_key`);
    await db.query(`DROP FUNCTION group_search_gost(text)`);
    await db.query(`DROP FUNCTION group_search_icao(text)`);
    await db.query(`DROP FUNCTION group_search_cyrillic(text)`);
  }
}
