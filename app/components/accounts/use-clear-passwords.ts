import { useEffect } from "react";

/**
 * After the server answers a post with errors, empties the password inputs, as a page rendered
 * without JavaScript would (the server never sends passwords back).
 */
export function useClearPasswordsOnReply(lastResult: unknown, inputIds: string[]) {
  const key = inputIds.join(" ");
  useEffect(() => {
    if (!lastResult || (lastResult as { status?: string }).status !== "error") return;
    for (const id of key.split(" ")) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement && input.type === "password") input.value = "";
    }
  }, [lastResult, key]);
}
