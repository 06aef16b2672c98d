import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveMessage, SocketStatus } from "./realtime-context";

// The messaging client for the realtime socket (ADR 080): connects to /ws, registers with the
// page's realtime token, hands incoming `message` events to `onMessage`, reconnects with
// exponential backoff (1 s … 30 s, with jitter) unless the server refused the token, and
// disconnects when the token changes or the page goes away. JavaScript only; the pages work
// without it. The shell's RealtimeConnection holds the page's one socket with it.

export type { LiveMessage, SocketStatus } from "./realtime-context";

/** The server's close code for a token it does not accept (or a socket that never registered). */
export const UNAUTHENTICATED_CLOSE_CODE = 4401;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + random() * (base / 2));
}

/**
 * Whether a socket the server closed is worth opening again. Not after 4401: the token is not
 * valid (signed out, session revoked), and retrying with it would only be refused again; the next
 * page load brings a new token, which connects afresh.
 */
export function shouldReconnect(closeCode: number): boolean {
  return closeCode !== UNAUTHENTICATED_CLOSE_CODE;
}

export interface SocketHandlers {
  onMessage: (message: LiveMessage) => void;
  onUnseen?: (count: number) => void;
  /** The user's unread notifications changed (ADR 146). */
  onNotifications?: (count: number) => void;
  onError?: (message: string) => void;
}

export function useMessagingSocket(token: string | null, handlers: SocketHandlers) {
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const socketRef = useRef<WebSocket | null>(null);
  const liveRef = useRef(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!token || typeof WebSocket === "undefined") return;
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (next: SocketStatus) => {
      liveRef.current = next === "live";
      setStatus(next);
    };

    const connect = () => {
      update("connecting");
      const url = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`;
      const socket = new WebSocket(url);
      socketRef.current = socket;
      socket.addEventListener("open", () => socket.send(JSON.stringify({ event: "register", token })));
      socket.addEventListener("message", (event) => {
        let data: { event?: string; message?: unknown; unseen?: number; unread?: number; notifications?: number };
        try {
          data = JSON.parse(String(event.data)) as typeof data;
        } catch {
          return;
        }
        if (data.event === "registered") {
          attempt = 0;
          update("live");
          if (typeof data.unseen === "number") handlersRef.current.onUnseen?.(data.unseen);
          if (typeof data.notifications === "number") handlersRef.current.onNotifications?.(data.notifications);
        } else if (data.event === "notifications" && typeof data.unread === "number") {
          handlersRef.current.onNotifications?.(data.unread);
        } else if (data.event === "unseen" && typeof data.unseen === "number") {
          handlersRef.current.onUnseen?.(data.unseen);
        } else if (data.event === "message" && data.message && typeof data.message === "object") {
          handlersRef.current.onMessage(data.message as LiveMessage);
        } else if (data.event === "error" && typeof data.message === "string") {
          handlersRef.current.onError?.(data.message);
        }
      });
      socket.addEventListener("close", (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (closed) return;
        update("offline");
        if (!shouldReconnect(event.code)) return;
        timer = setTimeout(connect, backoffDelay(attempt++));
      });
    };
    connect();

    // Leaving the page closes the socket without a reconnect; a page restored from the
    // back/forward cache connects again.
    const onPageHide = () => {
      closed = true;
      clearTimeout(timer);
      socketRef.current?.close(1000, "page closed");
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !closed) return;
      closed = false;
      attempt = 0;
      connect();
    };
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      // The token changed or the component is gone: close this connection for good.
      closed = true;
      liveRef.current = false;
      clearTimeout(timer);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      socketRef.current?.close(1000, "token changed");
      socketRef.current = null;
    };
  }, [token]);

  /** Sends an event with the token over the live socket; false when not connected. */
  const emit = useCallback(
    (payload: Record<string, unknown>): boolean => {
      const socket = socketRef.current;
      if (!token || !socket || socket.readyState !== WebSocket.OPEN || !liveRef.current) return false;
      socket.send(JSON.stringify({ ...payload, token }));
      return true;
    },
    [token],
  );

  /** Sends over the socket; false when not connected (the caller posts the form instead). */
  const send = useCallback(
    (conversationUID: string, message: string) => emit({ event: "private_message", conversationUID, message }),
    [emit],
  );

  /** Tells the server the user saw the conversation up to this message (shown live in the open thread). */
  const markSeen = useCallback(
    (conversationUID: string, messageId: number) => emit({ event: "seen", conversationUID, messageId }),
    [emit],
  );

  return { status, send, markSeen };
}

/** A short two-tone chime with the Web Audio API (no audio file). */
export function playNotificationSound() {
  try {
    const AudioContextClass =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, context.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.35);
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(context.currentTime + index * 0.12);
      oscillator.stop(context.currentTime + 0.12 + index * 0.12);
    });
    setTimeout(() => void context.close(), 600);
  } catch {
    // Autoplay policies may refuse sound before a user gesture; the message still shows.
  }
}
