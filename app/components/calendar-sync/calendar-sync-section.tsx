// The "Calendar sync" section of the host calendar: the private export links (copy field, new
// link), the imported calendars with their state (last success, last attempt, error, nights
// blocked, stale), "Sync now" and "Remove", the form to add one, and the conflicts. Plain forms:
// everything works without JavaScript; with it, the copy buttons copy.
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatInstant } from "~/components/calendar-sync/format-instant";
import type { FeedSource } from "~/domain/calendar-sync";

export interface CalendarSyncSectionData {
  exports: Array<{ unitKey: string; name: string | null; url: string }>;
  feeds: Array<{
    id: number;
    source: FeedSource;
    url: string | null;
    lastSuccessAt: string | null;
    lastAttemptAt: string | null;
    error: string | null;
    blockedNights: number;
    stale: boolean;
  }>;
  freeSources: FeedSource[];
  conflicts: Array<{ night: string; source: FeedSource; reference: string }>;
}

export function ExportLinkField({ label, url, id }: { label: string; url: string; id: string }) {
  const { t } = useTranslation("calendar-sync");
  const [copied, setCopied] = useState(false);
  return (
    <div className="field calendar-sync__export">
      <label htmlFor={id}>{label}</label>
      <div className="calendar-sync__copy">
        <input id={id} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-testid="export-url" />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? t("section.copied") : t("section.copy")}
        </button>
      </div>
    </div>
  );
}

export function CalendarSyncSection({ section, language, error }: { section: CalendarSyncSectionData; language: string; error?: string | null }) {
  const { t } = useTranslation(["calendar-sync", "listing"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="booking__card calendar-sync" aria-labelledby="calendar-sync-title" id="calendar-sync">
      <h2 id="calendar-sync-title">{t("section.title")}</h2>

      <h3>{t("section.exportTitle")}</h3>
      <p className="field__hint">{t("section.exportHint")}</p>
      {section.exports.map((link) => (
        <div key={link.unitKey} className="calendar-sync__export-row">
          <ExportLinkField id={`export-${link.unitKey}`} label={link.name ? t("section.exportUnit", { name: link.name }) : t("section.exportLabel")} url={link.url} />
          <Form method="post">
            <input type="hidden" name="unitKey" value={link.unitKey} />
            <button type="submit" name="intent" value="export-regenerate" className="button button--ghost" disabled={busy}>
              {t("section.regenerate")}
            </button>
          </Form>
        </div>
      ))}

      <h3>{t("section.importTitle")}</h3>
      <p className="field__hint">{t("section.importHint")}</p>
      {error ? (
        <p className="form-errors" role="alert" data-testid="calendar-sync-error">
          {t(error)}
        </p>
      ) : null}
      {section.feeds.length === 0 ? <p>{t("section.none")}</p> : null}
      <ul className="calendar-sync__feeds">
        {section.feeds.map((feed) => (
          <li key={feed.id} className="calendar-sync__feed" data-testid={`feed-${feed.source}`}>
            <p>
              <strong>{t(`sources.${feed.source}`)}</strong> <span className="calendar-sync__url">{feed.url}</span>
            </p>
            <dl className="calendar-sync__state">
              <dt>{t("section.lastSuccess")}</dt>
              <dd data-testid="feed-last-success">{formatInstant(feed.lastSuccessAt, language, t("section.never"))}</dd>
              <dt>{t("section.lastAttempt")}</dt>
              <dd>{formatInstant(feed.lastAttemptAt, language, t("section.never"))}</dd>
            </dl>
            <p data-testid="feed-blocked-nights">{t("section.blockedNights", { count: feed.blockedNights })}</p>
            {feed.error ? (
              <p className="form-errors" data-testid="feed-error">
                {t(feed.error)}
              </p>
            ) : null}
            {feed.stale ? (
              <p className="notice" data-testid="feed-stale">
                {t("section.stale")}
              </p>
            ) : null}
            {feed.source === "channel-manager" ? null : (
              <Form method="post" className="calendar-sync__buttons">
                <input type="hidden" name="feedId" value={feed.id} />
                <button type="submit" name="intent" value="feed-sync" className="button" disabled={busy} data-testid="feed-sync">
                  {t("section.syncNow")}
                </button>
                <button type="submit" name="intent" value="feed-remove" className="button button--ghost" disabled={busy}>
                  {t("section.remove")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {section.freeSources.length > 0 ? (
        <Form method="post" className="calendar-sync__add">
          <div className="field">
            <label htmlFor="feed-source">{t("section.source")}</label>
            <select id="feed-source" name="source" defaultValue={section.freeSources[0]}>
              {section.freeSources.map((source) => (
                <option key={source} value={source}>
                  {t(`sources.${source}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="feed-url">{t("section.url")}</label>
            <input id="feed-url" name="url" type="url" placeholder="https://" required data-testid="feed-url" />
          </div>
          <button type="submit" name="intent" value="feed-add" className="button" disabled={busy} data-testid="feed-add">
            {t("section.add")}
          </button>
        </Form>
      ) : null}

      {section.conflicts.length > 0 ? (
        <div className="calendar-sync__conflicts" data-testid="calendar-conflicts">
          <h3>{t("section.conflictsTitle")}</h3>
          <p className="field__hint">{t("section.conflictsHint")}</p>
          <ul>
            {section.conflicts.map((conflict) => (
              <li key={`${conflict.source}-${conflict.night}-${conflict.reference}`}>
                {t("section.conflict", { night: conflict.night, source: t(`sources.${conflict.source}`), reference: conflict.reference })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
