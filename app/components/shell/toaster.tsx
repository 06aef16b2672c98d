import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/ui/use-hydrated";

/** A flash toast, already translated by the root loader (so any namespace works). */
export interface ShellToast {
  id: string;
  type: "success" | "error" | "info";
  text: string;
}

/** SPEC.md §2 (shell and navigation): toasts close by themselves after 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** How far (px) a toast must be dragged sideways to be thrown away. */
const DISMISS_DISTANCE = 80;

/**
 * Toasts at the top right. The server renders them, so they show with JavaScript off; there the
 * close control is a checkbox label that hides the toast with CSS. With JavaScript a toast closes
 * itself after 5 s, the countdown pauses while the pointer is over it (or focus is in it), and it
 * can be dragged sideways to dismiss it.
 */
export function Toaster({ toast }: { toast: ShellToast | null }) {
  const { t } = useTranslation("common");
  const [toasts, setToasts] = useState<ShellToast[]>(toast ? [toast] : []);

  // A new toast arrives with the root loader's data after a client-side navigation or post.
  useEffect(() => {
    if (!toast) return;
    setToasts((current) => (current.some((item) => item.id === toast.id) ? current : [...current, toast]));
  }, [toast]);

  const dismiss = (id: string) => setToasts((current) => current.filter((item) => item.id !== id));

  return (
    <section className="toaster" aria-label={t("toast.region")}>
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} closeLabel={t("toast.close")} onDismiss={() => dismiss(item.id)} />
      ))}
    </section>
  );
}

function ToastItem({ toast, closeLabel, onDismiss }: { toast: ShellToast; closeLabel: string; onDismiss: () => void }) {
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(TOAST_DURATION_MS);
  const drag = useRef<{ startX: number; pointerId: number } | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  // The countdown: runs while not paused, keeps what is left when paused.
  useEffect(() => {
    if (!hydrated || paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismissRef.current(), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [hydrated, paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("label, a, button")) return;
    drag.current = { startX: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) setOffset(event.clientX - drag.current.startX);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - drag.current.startX;
    drag.current = null;
    if (Math.abs(distance) >= DISMISS_DISTANCE) onDismiss();
    else setOffset(0);
  };

  const id = `toast-${toast.id}`;
  return (
    <>
      {/* Without JavaScript, ticking this (through the label below) hides the toast with CSS. */}
      <input type="checkbox" id={`${id}-close`} className="toast-dismiss visually-hidden" onChange={onDismiss} tabIndex={-1} />
      <div
        id={id}
        className={`toast toast--${toast.type}`}
        role={toast.type === "error" ? "alert" : "status"}
        data-paused={hydrated && paused ? "true" : undefined}
        style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 200) } : undefined}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => {
          if (!drag.current) setPaused(false);
        }}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={hydrated ? onPointerDown : undefined}
        onPointerMove={hydrated ? onPointerMove : undefined}
        onPointerUp={hydrated ? onPointerEnd : undefined}
        onPointerCancel={hydrated ? onPointerEnd : undefined}
      >
        <p className="toast__text">{toast.text}</p>
        {hydrated ? (
          <button type="button" className="toast__close" onClick={onDismiss} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        ) : (
          <label htmlFor={`${id}-close`} className="toast__close" title={closeLabel}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{closeLabel}</span>
          </label>
        )}
        {hydrated ? <span className="toast__timer" style={{ animationDuration: `${TOAST_DURATION_MS}ms` }} /> : null}
      </div>
    </>
  );
}
