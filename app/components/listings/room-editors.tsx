// Hotel room types (with their photos) and guesthouse rooms: add, edit, delete, each a plain
// form post (intent add-room-type, update-room-type:<id>, delete-room-type:<id>, …).
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAX_ROOM_TYPE_PHOTOS } from "~/domain/listing";
import { guesthouseRoomSchema, ROOM_FEATURES, roomTypeSchema } from "~/schemas/listing-wizard";
import { Choices, ErrorList, Field } from "~/components/ui/field";
import { formatTnd, millimesToInput } from "~/components/listings/tnd-amounts";
import { PhotoManager, type ManagedPhoto } from "./photo-manager";
import type { FormAnswerData } from "./wizard/step-form";

export interface RoomTypeData {
  id: number;
  name: string;
  description: string | null;
  basePrice: number;
  sizeM2: number | null;
  maxOccupancy: number;
  bedConfiguration: string | null;
  quantity: number;
  features: string[];
  photos: ManagedPhoto[];
}

export interface GuesthouseRoomData {
  id: number;
  number: string;
  name: string;
  price: number;
  maxGuests: number;
  beds: number;
  showers: number;
}

const str = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

function RoomTypeForm({ roomType, answer }: { roomType: RoomTypeData | null; answer?: FormAnswerData | null }) {
  const { t } = useTranslation("listing");
  const name = roomType ? `room-type-${roomType.id}` : "room-type-new";
  const [form, fields] = useForm({
    id: name,
    lastResult: answer?.form === name ? answer.reply : undefined,
    defaultValue: {
      name: roomType?.name ?? "",
      description: roomType?.description ?? "",
      basePrice: millimesToInput(roomType?.basePrice),
      sizeM2: str(roomType?.sizeM2),
      maxOccupancy: str(roomType?.maxOccupancy),
      bedConfiguration: roomType?.bedConfiguration ?? "",
      quantity: str(roomType?.quantity),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomTypeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const features = new Set(roomType?.features ?? []);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form room-form">
      <input type="hidden" name="form" value="room" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.roomTypeName")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} />
        </Field>
        <Field label={t("fields.roomPrice")} htmlFor={fields.basePrice.id} errorId={fields.basePrice.errorId} errors={fields.basePrice.errors} hint={t("prices.amountHint")}>
          <input {...getInputProps(fields.basePrice, { type: "text" })} inputMode="decimal" />
        </Field>
      </div>
      <div className="field-row field-row--four">
        <Field label={t("fields.quantity")} htmlFor={fields.quantity.id} errorId={fields.quantity.errorId} errors={fields.quantity.errors}>
          <input {...getInputProps(fields.quantity, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.maxOccupancy")} htmlFor={fields.maxOccupancy.id} errorId={fields.maxOccupancy.errorId} errors={fields.maxOccupancy.errors}>
          <input {...getInputProps(fields.maxOccupancy, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.sizeM2")} htmlFor={fields.sizeM2.id} errorId={fields.sizeM2.errorId} errors={fields.sizeM2.errors}>
          <input {...getInputProps(fields.sizeM2, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.bedConfiguration")} htmlFor={fields.bedConfiguration.id} errorId={fields.bedConfiguration.errorId} errors={fields.bedConfiguration.errors}>
          <input {...getInputProps(fields.bedConfiguration, { type: "text" })} />
        </Field>
      </div>
      <Field label={t("fields.roomDescription")} htmlFor={fields.description.id} errorId={fields.description.errorId} errors={fields.description.errors}>
        <textarea {...getTextareaProps(fields.description)} rows={3} />
      </Field>
      <Choices legend={t("fields.features")} errorId={fields.features.errorId} errors={fields.features.errors}>
        {ROOM_FEATURES.map((feature) => (
          <label key={feature} className="choice">
            <input type="checkbox" name="features" value={feature} defaultChecked={features.has(feature)} />
            <span>{t(`features.${feature}`)}</span>
          </label>
        ))}
      </Choices>
      <div className="form-actions">
        <button type="submit" name="intent" value={roomType ? `update-room-type:${roomType.id}` : "add-room-type"} className="button">
          {roomType ? t("rooms.saveRoomType") : t("rooms.addRoomType")}
        </button>
      </div>
    </Form>
  );
}

export function RoomTypesEditor({ listingId, roomTypes, answer }: { listingId: number; roomTypes: RoomTypeData[]; answer?: FormAnswerData | null }) {
  const { t } = useTranslation("listing");
  return (
    <div className="rooms-editor">
      {roomTypes.length === 0 ? <p className="notice">{t("rooms.noRoomTypes")}</p> : null}
      {roomTypes.map((roomType) => (
        <article key={roomType.id} className="room-card" aria-labelledby={`room-type-${roomType.id}-title`}>
          <header className="room-card__header">
            <h3 id={`room-type-${roomType.id}-title`}>{roomType.name}</h3>
            <p>
              {t("rooms.roomTypeSummary", { count: roomType.quantity, occupancy: roomType.maxOccupancy })} · {formatTnd(roomType.basePrice)}
            </p>
          </header>
          <PhotoManager
            listingId={listingId}
            photos={roomType.photos}
            answer={answer}
            roomTypeId={roomType.id}
            max={MAX_ROOM_TYPE_PHOTOS + 1}
            title={t("rooms.roomTypePhotos", { name: roomType.name })}
          />
          <details open={answer?.form === `room-type-${roomType.id}`}>
            <summary>{t("rooms.editRoomType")}</summary>
            <RoomTypeForm roomType={roomType} answer={answer} />
          </details>
          <Form method="post" className="inline-form">
            <input type="hidden" name="form" value="room" />
            <button type="submit" name="intent" value={`delete-room-type:${roomType.id}`} className="button button--small button--danger">
              {t("rooms.deleteRoomType", { name: roomType.name })}
            </button>
          </Form>
        </article>
      ))}
      <section className="room-card room-card--new" aria-labelledby="room-type-new-title">
        <h3 id="room-type-new-title">{t("rooms.newRoomType")}</h3>
        <RoomTypeForm roomType={null} answer={answer} />
      </section>
    </div>
  );
}

function GuesthouseRoomForm({ room, answer }: { room: GuesthouseRoomData | null; answer?: FormAnswerData | null }) {
  const { t } = useTranslation("listing");
  const name = room ? `room-${room.id}` : "room-new";
  const [form, fields] = useForm({
    id: name,
    lastResult: answer?.form === name ? answer.reply : undefined,
    defaultValue: {
      number: room?.number ?? "",
      name: room?.name ?? "",
      price: millimesToInput(room?.price),
      maxGuests: str(room?.maxGuests),
      beds: str(room?.beds),
      showers: str(room?.showers ?? 1),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guesthouseRoomSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form room-form">
      <input type="hidden" name="form" value="room" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.roomNumber")} htmlFor={fields.number.id} errorId={fields.number.errorId} errors={fields.number.errors}>
          <input {...getInputProps(fields.number, { type: "text" })} />
        </Field>
        <Field label={t("fields.roomName")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} />
        </Field>
        <Field label={t("fields.roomPrice")} htmlFor={fields.price.id} errorId={fields.price.errorId} errors={fields.price.errors} hint={t("prices.amountHint")}>
          <input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" />
        </Field>
      </div>
      <div className="field-row">
        <Field label={t("fields.maxGuests")} htmlFor={fields.maxGuests.id} errorId={fields.maxGuests.errorId} errors={fields.maxGuests.errors}>
          <input {...getInputProps(fields.maxGuests, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.beds")} htmlFor={fields.beds.id} errorId={fields.beds.errorId} errors={fields.beds.errors}>
          <input {...getInputProps(fields.beds, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.showers")} htmlFor={fields.showers.id} errorId={fields.showers.errorId} errors={fields.showers.errors}>
          <input {...getInputProps(fields.showers, { type: "number" })} min={0} />
        </Field>
      </div>
      <div className="form-actions">
        <button type="submit" name="intent" value={room ? `update-room:${room.id}` : "add-room"} className="button">
          {room ? t("rooms.saveRoom") : t("rooms.addRoom")}
        </button>
      </div>
    </Form>
  );
}

export function GuesthouseRoomsEditor({ rooms, answer }: { rooms: GuesthouseRoomData[]; answer?: FormAnswerData | null }) {
  const { t } = useTranslation("listing");
  return (
    <div className="rooms-editor">
      {rooms.length === 0 ? <p className="notice">{t("rooms.noRooms")}</p> : null}
      {rooms.map((room) => (
        <article key={room.id} className="room-card" aria-labelledby={`room-${room.id}-title`}>
          <header className="room-card__header">
            <h3 id={`room-${room.id}-title`}>
              {t("rooms.roomTitle", { number: room.number, name: room.name })}
            </h3>
            <p>
              {[t("rooms.roomGuests", { count: room.maxGuests }), t("rooms.roomBeds", { count: room.beds }), t("rooms.roomShowers", { count: room.showers })].join(", ")} · {formatTnd(room.price)}
            </p>
          </header>
          <details open={answer?.form === `room-${room.id}`}>
            <summary>{t("rooms.editRoom")}</summary>
            <GuesthouseRoomForm room={room} answer={answer} />
          </details>
          <Form method="post" className="inline-form">
            <input type="hidden" name="form" value="room" />
            <button type="submit" name="intent" value={`delete-room:${room.id}`} className="button button--small button--danger">
              {t("rooms.deleteRoom", { number: room.number })}
            </button>
          </Form>
        </article>
      ))}
      <section className="room-card room-card--new" aria-labelledby="room-new-title">
        <h3 id="room-new-title">{t("rooms.newRoom")}</h3>
        <GuesthouseRoomForm room={null} answer={answer} />
      </section>
    </div>
  );
}
