/**
 * Completes a hibernating WebSocket's closing handshake. The peer's close code is echoed, except
 * the reserved 1005/1006 (no status / abnormal), which may not be sent; a socket the runtime
 * already closed throws, and there is nothing left to do then.
 */
export function closeSocket(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  } catch {
    // Already closed by the runtime.
  }
}
