import { describe, expect, it } from "vitest";
import { renderAccountNotice } from "~/services/email/notice-email.server";
import { env } from "~/utils/env.server";
import { getFixedT } from "~/utils/i18n.server";
import { createAccount } from "../../../tests/factories/account-factories";

describe("renderAccountNotice", () => {
  it("writes the notice in the account's language from the namespace's keys, linking to the page in that language", async () => {
    const user = await createAccount({ language: "fr", firstName: "Amel" });
    const email = await renderAccountNotice({ userId: user.id, namespace: "reviews", kind: "qualityWarned", path: "/dashboard/listings", template: "reviews-qualityWarned" });
    const t = await getFixedT("fr", "reviews");
    expect(email).toMatchObject({ to: user.email, language: "fr", template: "reviews-qualityWarned", subject: String(t("email.qualityWarned.subject", { name: "Amel" })) });
    expect(email!.subject).not.toBe("email.qualityWarned.subject");
    expect(email!.text).toContain(String(t("email.greeting", { name: "Amel" })));
    expect(email!.text).toContain(new URL("/fr/dashboard/listings", env.appUrl).toString());
  });

  it("adds the values it translates (a role's name) over the given ones", async () => {
    const user = await createAccount({ language: "es" });
    const email = await renderAccountNotice({
      userId: user.id,
      namespace: "console",
      kind: "grant_role",
      path: "/admin",
      values: { role: "support" },
      template: "console-grant_role",
      translatedValues: (t) => ({ role: String(t("roles.support")) }),
    });
    const t = await getFixedT("es", "console");
    expect(email!.subject).toBe(String(t("email.grant_role.subject", { role: String(t("roles.support")) })));
    expect(email!.subject).toContain(String(t("roles.support")));
  });

  it("is null when the account is gone", async () => {
    expect(await renderAccountNotice({ userId: 987_654_321, namespace: "reviews", kind: "suspended", path: "/", template: "reviews-suspended" })).toBeNull();
  });
});
