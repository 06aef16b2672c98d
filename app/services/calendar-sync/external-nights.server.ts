import { QueryTypes, type Transaction } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import type { FeedSource } from "~/domain/calendar-sync";
import type { IsoDate } from "~/domain/stay-dates";

/**
 * The nights of [from, to) that imported calendars block on a listing (reservation_nights rows
 * owned by a feed): they close every unit of the listing, like the host's blocks.
 */
export async function externalNights(listingId: number, from: IsoDate, to: IsoDate, transaction?: Transaction): Promise<IsoDate[]> {
  const rows = await getSequelize().query<{ night: string }>(
    "SELECT DISTINCT night FROM reservation_nights WHERE listing_id = :listingId AND calendar_feed_id IS NOT NULL AND night >= :from AND night < :to",
    { replacements: { listingId, from, to }, type: QueryTypes.SELECT, transaction },
  );
  return rows.map((row) => String(row.night).slice(0, 10));
}

/** The nights of [from, to) that imported calendars block, with the sources blocking each (host calendar). */
export async function externalNightSources(listingId: number, from: IsoDate, to: IsoDate): Promise<Record<IsoDate, FeedSource[]>> {
  const rows = await getSequelize().query<{ night: string; source: FeedSource }>(
    `SELECT rn.night, f.source FROM reservation_nights rn JOIN calendar_feeds f ON f.id = rn.calendar_feed_id
      WHERE rn.listing_id = :listingId AND rn.night >= :from AND rn.night < :to ORDER BY rn.night, f.source`,
    { replacements: { listingId, from, to }, type: QueryTypes.SELECT },
  );
  const sources: Record<IsoDate, FeedSource[]> = {};
  for (const row of rows) (sources[String(row.night).slice(0, 10)] ??= []).push(row.source);
  return sources;
}
