import { describe, expect, it } from "vitest";
import { createToastHeaders, getToast } from "~/utils/toast.server";

function requestWith(setCookie: string | null): Request {
  const cookie = setCookie?.split(";")[0];
  return new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
}

describe("flash toasts", () => {
  it("gives back the toast once, with a header that clears it", async () => {
    const headers = await createToastHeaders({ type: "success", message: "common:network.online", values: { n: 2 } });
    const { toast, headers: clear } = await getToast(requestWith(headers.get("Set-Cookie")));
    expect(toast).toMatchObject({ type: "success", message: "common:network.online", values: { n: 2 } });
    expect(toast?.id).toBeTruthy();
    expect(clear?.get("Set-Cookie")).toMatch(/^toast=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("has nothing without the cookie, or with a forged one", async () => {
    expect(await getToast(requestWith(null))).toEqual({ toast: null, headers: null });
    const headers = await createToastHeaders({ message: "common:network.online" });
    const forged = headers.get("Set-Cookie")!.replace(/\.[^.;]+;/, ".forged;");
    expect((await getToast(requestWith(forged))).toast).toBeNull();
  });
});
