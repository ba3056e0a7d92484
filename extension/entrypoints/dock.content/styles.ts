/**
 * The dock's styles, inside its shadow root: the page's CSS cannot reach in, and `all: initial`
 * on the host keeps inherited page styles out too. Badge colours follow the seed's names.
 */
export const dockStyles = `
:host {
  all: initial;
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: 2147483647;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  color-scheme: light dark;
}
.dock {
  box-sizing: border-box;
  width: 360px;
  max-width: calc(100vw - 32px);
  padding: 10px 12px;
  border-radius: 10px;
  background: #ffffff;
  color: #202124;
  border: 1px solid #dadce0;
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
  display: flex;
  flex-direction: column;
  gap: 4px;
}
.head { display: flex; align-items: center; gap: 8px; }
.brand { font-weight: 700; font-size: 11px; letter-spacing: 0.04em; text-transform: uppercase; color: #5f6368; }
.tool { flex: 0 0 auto; max-width: 40%; font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* The badge gives way before the tool name does: the name says what is asked, the label is also in the summary. */
.badge {
  min-width: 0; overflow: hidden; text-overflow: ellipsis;
  font-size: 10px; font-weight: 700; letter-spacing: 0.03em; text-transform: uppercase;
  padding: 2px 6px; border-radius: 4px; white-space: nowrap;
}
.badge[data-color="green"] { background: #e6f4ea; color: #137333; }
.badge[data-color="amber"] { background: #fef7e0; color: #b06000; }
.badge[data-color="neutral"] { background: #f1f3f4; color: #3c4043; }
.badge[data-color="violet"] { background: #f3e8fd; color: #8430ce; }
.badge[data-color="red"] { background: #fce8e6; color: #c5221f; }
.badge[data-color="blue"] { background: #e8f0fe; color: #1967d2; }
.dismiss {
  margin-left: auto; border: 0; background: transparent; color: #5f6368;
  font-size: 18px; line-height: 1; cursor: pointer; padding: 0 4px;
}
.passkey { margin: 4px 0 0; font-size: 12px; font-weight: 600; }
.session, .summary { color: #5f6368; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.preview {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.refusal { margin: 2px 0 0; color: #c5221f; font-size: 12px; }
.actions { display: flex; gap: 8px; margin-top: 4px; }
.actions button {
  font: inherit; font-weight: 600; padding: 6px 14px; border-radius: 6px; cursor: pointer; border: 1px solid transparent;
}
.approve { background: #1a73e8; color: #ffffff; }
.deny { background: transparent; color: #c5221f; border-color: #c5221f; }
.actions button:disabled { opacity: 0.6; cursor: default; }
@media (prefers-color-scheme: dark) {
  .dock { background: #292a2d; color: #e8eaed; border-color: #3c4043; }
  .brand, .session, .summary, .dismiss { color: #9aa0a6; }
  .approve { background: #8ab4f8; color: #202124; }
  .deny { color: #f28b82; border-color: #f28b82; }
  .refusal { color: #f28b82; }
  .badge[data-color="green"] { background: #0d3b1e; color: #81c995; }
  .badge[data-color="amber"] { background: #3d2e00; color: #fdd663; }
  .badge[data-color="neutral"] { background: #3c4043; color: #e8eaed; }
  .badge[data-color="violet"] { background: #3b1f5a; color: #d7aefb; }
  .badge[data-color="red"] { background: #4a1512; color: #f28b82; }
  .badge[data-color="blue"] { background: #0f2d5c; color: #8ab4f8; }
}
`;
