import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useDataSaver } from "~/utils/data-saver";
import { useLocalizedPath } from "~/utils/localized-path";

/**
 * The "Data saver" switch (ADR 231): a plain POST that sets the cookie and comes back here. The
 * document is always reloaded (`reloadDocument`): the page must be served again with or without
 * its scripts.
 */
export function DataSaverForm({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  const { pathname, search } = useLocation();
  const on = useDataSaver();
  return (
    <Form method="post" action={lp("/data-saver")} reloadDocument className={className} data-testid="data-saver-form">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <input type="hidden" name="dataSaver" value={on ? "off" : "on"} />
      <p className="data-saver__state" data-testid="data-saver-state">
        {on ? t("dataSaver.isOn") : t("dataSaver.isOff")}
      </p>
      <button type="submit" className="button button--ghost button--small">
        {on ? t("dataSaver.turnOff") : t("dataSaver.turnOn")}
      </button>
    </Form>
  );
}
