// A tiny element builder: the pages create every node through it, so text always goes in as text
// (never parsed as HTML) and no inline style or script is ever needed (the CSP forbids both).

export function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

export function clear(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export function statusLine(text) {
  return h('p', { class: 'status', role: 'status' }, text);
}

export function errorLine(text) {
  return h('p', { class: 'error', role: 'alert' }, text);
}

let sequence = 0;
export function uid(prefix) {
  sequence += 1;
  return `${prefix}-${sequence}`;
}
