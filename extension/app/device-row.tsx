import { useState } from 'preact/hooks';
import { deviceName, deviceNameChars, deviceTitle } from './device-name.ts';

export interface Device {
  id: string;
  label: string | null;
  service: string;
  lastDeliveredAt: string | null;
}

interface DeviceRowProps {
  device: Device;
  thisDevice: boolean;
  /** Sends the new name; resolves to the relay's refusal, or null once renamed. */
  rename(id: string, name: string): Promise<string | null>;
}

/** One of this token's devices: its name (renamable), its push service, its last push. */
export function DeviceRow({ device, thisDevice, rename }: DeviceRowProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(device.label ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function save(event: Event): Promise<void> {
    event.preventDefault();
    const checked = deviceName(text);
    if (!checked.ok) return setProblem(checked.problem);
    setSending(true);
    const refused = await rename(device.id, checked.name);
    setSending(false);
    if (refused) return setProblem(`Not renamed: ${refused}`);
    setProblem(null);
    setEditing(false);
  }

  return (
    <li data-testid="push-device" data-device-id={device.id} data-this-device={thisDevice}>
      <span data-testid="device-name">{deviceTitle(device.label, thisDevice)}</span> · {device.service}
      {device.lastDeliveredAt ? ` · last push ${device.lastDeliveredAt}` : ''}
      {!editing && (
        <button
          type="button"
          class="link"
          data-action="device-rename"
          onClick={() => {
            setText(device.label ?? '');
            setProblem(null);
            setEditing(true);
          }}
        >
          Rename
        </button>
      )}
      {editing && (
        <form class="device-rename" onSubmit={save}>
          <label>
            Name
            <input
              data-testid="device-name-input"
              value={text}
              maxLength={deviceNameChars * 2}
              onInput={(event) => setText((event.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="action" data-action="device-rename-save" disabled={sending}>
            Save
          </button>
          <button
            type="button"
            class="action"
            data-action="device-rename-cancel"
            onClick={() => setEditing(false)}
          >
            Cancel
          </button>
        </form>
      )}
      {problem && (
        <p class="error" role="alert" data-testid="device-rename-error">
          {problem}
        </p>
      )}
    </li>
  );
}
