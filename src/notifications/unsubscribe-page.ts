/** The small Russian pages of the unsubscribe link (opened from a mail program, without the web client). */
type Shown = { kind: 'confirm'; token: string } | { kind: 'done'; targetName: string } | { kind: 'done-own' } | { kind: 'refused'; message: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function unsubscribePage(shown: Shown): string {
  let body: string;
  if (shown.kind === 'confirm') {
    body = `<h1>Отписаться от уведомлений</h1>
<p>Письма об изменениях этого расписания больше не будут приходить. Другие подписки останутся.</p>
<form method="post" action="?token=${encodeURIComponent(shown.token)}"><button type="submit">Отписаться</button></form>`;
  } else if (shown.kind === 'done') {
    body = `<h1>Вы отписались</h1><p>Уведомления об изменениях расписания «${escape(shown.targetName)}» больше не придут.</p>`;
  } else if (shown.kind === 'done-own') {
    body = `<h1>Вы отписались</h1><p>Письма об изменениях ваших занятий больше не придут. На странице «Уведомления» они остаются; там же их можно снова включить.</p>`;
  } else {
    body = `<h1>Отписка не выполнена</h1><p>${escape(shown.message)}</p>`;
  }
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Уведомления расписания</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.4}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main>${body}</main></body></html>`;
}
