import { useEffect, useState } from 'preact/hooks';
import { deviceLabel } from '../lib/device-label.ts';
import { type Device, DeviceRow } from './device-row.tsx';
import { needsHomeScreen } from './platform.ts';
import { registerDevice, unregisterDevice, vaultDeviceStore } from './push-device.ts';

/**
 * Push on this device: on/off, "send a test push", and this token's devices. Says why push is
 * not available where it is not: the relay has no VAPID keys, the browser has no Push API, or
 * iOS, which offers push only to an app added to the Home Screen.
 */

type Availability = 'checking' | 'relay-off' | 'unsupported' | 'ios-home-screen' | 'available';

export interface PushControlsProps {
  token: () => string | null;
  registration: Promise<ServiceWorkerRegistration | null>;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(plain + '='.repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const platform = () => ({
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  standalone:
    matchMedia('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true,
});

export function PushControls({ token, registration }: PushControlsProps) {
  const [availability, setAvailability] = useState<Availability>('checking');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [devices, setDevices] = useState<Device[]>([]);
  const [thisDeviceId, setThisDeviceId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token() ?? ''}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function refreshDevices(): Promise<void> {
    setThisDeviceId((await vaultDeviceStore.read())?.id ?? null);
    const response = await call('GET', '/push/subscriptions');
    if (response.ok) setDevices(((await response.json()) as { subscriptions: Device[] }).subscriptions);
  }

  useEffect(() => {
    void (async () => {
      const key = await fetch('/api/v1/push/public-key');
      if (!key.ok) return setAvailability('relay-off');
      setPublicKey(((await key.json()) as { publicKey: string }).publicKey);
      // Before the Push API check: on iOS push reaches only the Home Screen app, whatever a tab offers.
      if (needsHomeScreen(platform())) return setAvailability('ios-home-screen');
      if (!('PushManager' in window) || !('serviceWorker' in navigator))
        return setAvailability('unsupported');
      const sw = await registration;
      if (!sw) return setAvailability('unsupported');
      setSubscribed((await sw.pushManager.getSubscription()) !== null);
      setAvailability('available');
      await refreshDevices();
    })();
  }, []);

  async function turnOn(): Promise<void> {
    const sw = await registration;
    if (!sw || !publicKey) return;
    setStatus('Turning push on…');
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setStatus('Notifications are blocked for this site: allow them in the browser settings.');
        return;
      }
      const subscription = await sw.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      });
      await registerDevice(subscription, deviceLabel(navigator), call, vaultDeviceStore);
      setSubscribed(true);
      setStatus('Push is on for this device.');
      await refreshDevices();
    } catch (error) {
      setStatus(`Could not turn push on: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function turnOff(): Promise<void> {
    const sw = await registration;
    const subscription = (await sw?.pushManager.getSubscription()) ?? null;
    // This device's own subscription at the relay, by the id it was given (push-device.ts).
    const { failed } = await unregisterDevice(subscription, call, vaultDeviceStore);
    await subscription?.unsubscribe().catch(() => false);
    setSubscribed(false);
    setStatus(
      failed.length === 0
        ? 'Push is off for this device.'
        : 'Push is off for this device; the relay could not be told and forgets it at its next push.',
    );
    await refreshDevices();
  }

  /** Renames a device at the relay; the relay's refusal in its own words, or null. */
  async function rename(id: string, label: string): Promise<string | null> {
    try {
      const response = await call('PATCH', `/push/subscriptions/${encodeURIComponent(id)}`, { label });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        return answer?.error?.message ?? `the relay answered ${response.status}`;
      }
      await refreshDevices();
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function test(): Promise<void> {
    const response = await call('POST', '/push/test');
    if (!response.ok) return setStatus(`The test push was not sent (${response.status}).`);
    const result = (await response.json()) as { sent: number; delivered: number };
    setStatus(`Test push: ${result.delivered} of ${result.sent} devices reached.`);
  }

  if (availability === 'checking') return null;
  return (
    <section class="push-controls" data-testid="push-controls" data-push={availability}>
      {availability === 'relay-off' && <p>Push is off on this relay (it has no VAPID keys).</p>}
      {availability === 'unsupported' && <p>This browser cannot receive push notifications.</p>}
      {availability === 'ios-home-screen' && (
        <p data-testid="push-home-screen">
          On iPhone and iPad, push needs this app on the Home Screen: Share → Add to Home Screen, then open it
          from there.
        </p>
      )}
      {availability === 'available' && (
        <>
          <button
            type="button"
            class="action"
            id="push-toggle"
            data-on={subscribed}
            onClick={subscribed ? turnOff : turnOn}
          >
            {subscribed ? 'Turn push off on this device' : 'Turn push on for this device'}
          </button>
          <button type="button" class="action" id="push-test" onClick={test} disabled={devices.length === 0}>
            Send a test push
          </button>
          <ul data-testid="push-devices">
            {devices.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                thisDevice={device.id === thisDeviceId}
                rename={rename}
              />
            ))}
          </ul>
        </>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
