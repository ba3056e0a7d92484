/**
 * Block Kit as HTML, close enough to Slack's own look for the docs' screenshots (docs/chat.md
 * "Slack"): header, section (text and fields), preformatted rich text, context, buttons, and a
 * modal's input. Only what the relay's messages use; anything else shows as a marked gap.
 */

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** mrkdwn as sent (already escaped for Slack: &amp; &lt; &gt;) → HTML. */
function mrkdwn(text: string): string {
  return text
    .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, (_, fallback: string) =>
      escapeHtml(new Date(fallback).toUTCString().slice(17, 22)),
    )
    .replace(/"/g, '&quot;')
    .replace(/\*([^*\n]+)\*/g, '<b>$1</b>')
    .replace(/`([^`\n]+)`/g, '<code>$1</code>')
    .replaceAll('\n', '<br>');
}

type TextObject = { type: string; text: string };

const text = (object: TextObject | undefined) =>
  object === undefined ? '' : object.type === 'mrkdwn' ? mrkdwn(object.text) : escapeHtml(object.text);

function block(b: Record<string, unknown>): string {
  switch (b.type) {
    case 'header':
      return `<h3>${text(b.text as TextObject)}</h3>`;
    case 'section': {
      const fields = (b.fields as TextObject[] | undefined) ?? [];
      return `<div class="section">${b.text ? `<div>${text(b.text as TextObject)}</div>` : ''}${
        fields.length
          ? `<div class="fields">${fields.map((f) => `<div>${text(f)}</div>`).join('')}</div>`
          : ''
      }</div>`;
    }
    case 'rich_text': {
      const parts = (b.elements as { type: string; elements: { text: string }[] }[]).map((element) =>
        element.type === 'rich_text_preformatted'
          ? `<pre>${escapeHtml(element.elements.map((e) => e.text).join(''))}</pre>`
          : `<div>${escapeHtml(element.elements.map((e) => e.text).join(''))}</div>`,
      );
      return parts.join('');
    }
    case 'context':
      return `<div class="context">${(b.elements as TextObject[]).map(text).join(' ')}</div>`;
    case 'actions':
      return `<div class="actions">${(b.elements as { text: TextObject; style?: string }[])
        .map((button) => `<button class="${button.style ?? ''}">${text(button.text)}</button>`)
        .join('')}</div>`;
    case 'input':
      return `<label class="input">${text(b.label as TextObject)}<textarea rows="3"></textarea></label>`;
    default:
      return `<div class="unknown">[${escapeHtml(String(b.type))}]</div>`;
  }
}

const style = `
  body { font: 15px/1.46668 -apple-system, "Segoe UI", Lato, "Noto Sans", sans-serif; color: #1d1c1d; background: #fff; margin: 0; padding: 16px; width: 640px; }
  .message { display: grid; grid-template-columns: 36px 1fr; gap: 8px; margin-bottom: 20px; }
  .avatar { width: 36px; height: 36px; border-radius: 6px; background: #1d2330; color: #fff; display: grid; place-items: center; font-weight: 700; }
  .name { font-weight: 900; } .name small { font-weight: 400; color: #616061; margin-left: 6px; font-size: 12px; }
  .app { background: #e8e8e8; color: #616061; font-size: 10px; padding: 1px 3px; border-radius: 2px; margin-left: 4px; font-weight: 700; }
  h3 { font-size: 18px; margin: 4px 0 6px; font-weight: 900; }
  .section { margin: 6px 0; } .fields { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 16px; margin-top: 4px; }
  pre { background: #f8f8f8; border: 1px solid #dddddd; border-radius: 4px; padding: 8px; margin: 6px 0; font: 12px/1.5 Monaco, Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-all; }
  code { background: #f8f8f8; border: 1px solid #ddd; border-radius: 3px; color: #e01e5a; font-size: 12px; padding: 0 3px; }
  .context { color: #616061; font-size: 13px; margin: 6px 0; }
  .actions { display: flex; gap: 8px; margin-top: 8px; }
  button { font: 700 15px/1 inherit; border: 1px solid #bbbabb; background: #fff; border-radius: 4px; padding: 8px 12px; }
  button.primary { background: #007a5a; color: #fff; border-color: #007a5a; }
  button.danger { background: #e01e5a; color: #fff; border-color: #e01e5a; }
  .modal { border: 1px solid #ddd; border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.2); width: 520px; }
  .modal header { padding: 16px 24px; font-size: 22px; font-weight: 900; border-bottom: 1px solid #ddd; }
  .modal main { padding: 16px 24px; } .modal footer { padding: 16px 24px; border-top: 1px solid #ddd; display: flex; justify-content: flex-end; gap: 8px; }
  .input { display: block; font-weight: 700; margin-top: 12px; } textarea { display: block; width: 100%; margin-top: 6px; border: 1px solid #868686; border-radius: 4px; }
`;

export interface RenderedMessage {
  blocks: Record<string, unknown>[];
  time: string;
}

export function messagesPage(messages: RenderedMessage[]): string {
  const body = messages
    .map(
      (message) => `<div class="message"><div class="avatar">G</div><div>
        <div class="name">Gatehouse<span class="app">APP</span><small>${escapeHtml(message.time)}</small></div>
        ${message.blocks.map(block).join('')}</div></div>`,
    )
    .join('');
  return `<!doctype html><meta charset="utf-8"><style>${style}</style>${body}`;
}

export function modalPage(view: {
  title: TextObject;
  submit?: TextObject;
  close?: TextObject;
  blocks: Record<string, unknown>[];
}): string {
  return `<!doctype html><meta charset="utf-8"><style>${style}</style><div class="modal">
    <header>${text(view.title)}</header><main>${view.blocks.map(block).join('')}</main>
    <footer><button>${text(view.close)}</button><button class="primary">${text(view.submit)}</button></footer></div>`;
}
