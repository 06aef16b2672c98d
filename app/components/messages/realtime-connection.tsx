import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Realtime, RealtimeListener } from "./realtime-context";
import { playNotificationSound, useMessagingSocket } from "./use-messaging-socket";

/**
 * The signed-in user's one realtime socket, held by the shell on every page (SPEC.md §4 and §7,
 * ADR 080) and loaded lazily, so signed-out visitors never download it. It keeps the unseen count
 * and the unread notifications (ADR 146) live, plays the chime for each incoming message from the other side, and publishes itself
 * through `onChange` for the shell's RealtimeContext (the messages pages subscribe to it).
 */
export default function RealtimeConnection({
  token,
  unseen: loadedUnseen,
  notifications: loadedNotifications,
  userId,
  onChange,
}: {
  token: string;
  unseen: number;
  notifications: number;
  userId: number;
  onChange: (realtime: Realtime | null) => void;
}) {
  const [unseen, setUnseen] = useState(loadedUnseen);
  useEffect(() => setUnseen(loadedUnseen), [loadedUnseen]);
  const [notifications, setNotifications] = useState(loadedNotifications);
  useEffect(() => setNotifications(loadedNotifications), [loadedNotifications]);
  const listeners = useRef(new Set<RealtimeListener>());

  const { status, send, markSeen } = useMessagingSocket(token, {
    onMessage(message) {
      let shown = false;
      for (const listener of listeners.current) if (listener.message?.(message)) shown = true;
      if (message.senderId === userId) return;
      playNotificationSound();
      // Shown in the open thread: seen now, on the server too. Anywhere else it waits, unseen.
      if (shown) markSeen(message.conversationUID, message.id);
      else setUnseen((count) => count + 1);
    },
    onUnseen: setUnseen,
    onNotifications: setNotifications,
    onError(text) {
      for (const listener of listeners.current) listener.error?.(text);
    },
  });

  const subscribe = useCallback((listener: RealtimeListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const realtime = useMemo<Realtime>(
    () => ({ status, unseen, notifications, send, subscribe, setUnseen }),
    [status, unseen, notifications, send, subscribe],
  );
  useEffect(() => onChange(realtime), [onChange, realtime]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
