import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import scheduleBoundaries from './eslint.boundaries.cjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', 'jest.config.js', 'eslint.config.mjs', 'eslint.boundaries.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...scheduleBoundaries,
  // The web client (web/src): typed by web/tsconfig.json (DOM, Preact's JSX); its generated API types are not linted.
  { ignores: ['web/src/api/generated/**'] },
  // One way to confirm (issue 55): the in-page dialog of web/src/shared/confirm.tsx, never the browser's own.
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      'no-alert': 'error',
      'no-restricted-globals': ['error', { name: 'confirm', message: 'Спросите через useConfirm (web/src/shared/confirm.tsx)' }, { name: 'alert', message: 'Скажите на странице' }, { name: 'prompt', message: 'Спросите полем формы' }],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Plain ES modules run by node (the test stand-in of an identity provider): linted without types.
  {
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', URLSearchParams: 'readonly' } },
  },
  // CommonJS files jest loads itself (the test sequencer): linted without types.
  {
    files: ['test/**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
