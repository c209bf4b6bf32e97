/** The small Russian page a refused sign-in ends on (the browser came back from the provider, not from the web client). */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function refusalPage(message: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Вход не выполнен — расписание</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.4}</style></head>
<body><main><h1>Вход не выполнен</h1><p id="reason">${escape(message)}</p><p><a href="/">Вернуться ко входу</a></p></main></body></html>`;
}
