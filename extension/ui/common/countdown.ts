import { useEffect, useState } from 'preact/hooks';

/**
 * How long a question still waits before it expires (and the agent is denied), as the card's
 * head shows it: `Expires in 4:05`, `Expires in 1:02:03`. Null when it never expires or the
 * time does not parse. Digits are tabular (CSS), so the line does not move as they change.
 */
export function countdownText(expiresAt: string | null, now: number): string | null {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  const left = Math.ceil((at - now) / 1000);
  if (left <= 0) return 'Expiring…';
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return hours > 0
    ? `Expires in ${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `Expires in ${minutes}:${seconds}`;
}

/** The time now, updated every second while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
