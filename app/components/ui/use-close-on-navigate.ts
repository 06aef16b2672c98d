import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * A <details> menu works without JavaScript; with it, the menu also closes after a client-side
 * navigation, on a click outside it and on Escape (what people expect of a dropdown).
 */
export function useCloseOnNavigate(ref: RefObject<HTMLDetailsElement | null>): void {
  const location = useLocation();
  // Only a navigation closes the menu: on a slow connection people open it before the page has
  // hydrated, and closing it on mount would shut it under their finger.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, [ref]);
}
