// A map with one pin (Leaflet, loaded only where a listing's position is shown and only once
// JavaScript runs). Draggable in the address step: the pin's position goes into hidden
// `latitude`/`longitude` fields of the surrounding form. Without JavaScript there is no map and
// the server uses the delegation's coordinates.
import "leaflet/dist/leaflet.css";
import { divIcon } from "leaflet";
import { useMemo, useState } from "react";
import { MapContainer, Marker, TileLayer } from "react-leaflet";

const pinIcon = divIcon({ className: "", html: '<span class="map-pin" data-testid="map-pin"></span>', iconSize: [28, 28], iconAnchor: [14, 28] });

function round(value: number): number {
  return Math.round(value * 100_000) / 100_000;
}

export default function PinMap({
  lat,
  lng,
  draggable = false,
  label,
  tileUrl = "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution = "&copy; OpenStreetMap contributors",
}: {
  lat: number;
  lng: number;
  draggable?: boolean;
  label: string;
  tileUrl?: string;
  attribution?: string;
}) {
  const [position, setPosition] = useState<[number, number]>([lat, lng]);
  const handlers = useMemo(
    () => ({
      dragend(event: { target: { getLatLng: () => { lat: number; lng: number } } }) {
        const next = event.target.getLatLng();
        setPosition([round(next.lat), round(next.lng)]);
      },
    }),
    [],
  );
  return (
    <div className="pin-map" role="region" aria-label={label} data-testid="pin-map">
      {draggable ? (
        <>
          <input type="hidden" name="latitude" value={position[0]} />
          <input type="hidden" name="longitude" value={position[1]} />
        </>
      ) : null}
      <MapContainer className="pin-map__canvas" center={position} zoom={14} scrollWheelZoom={false}>
        <TileLayer url={tileUrl} attribution={attribution} />
        <Marker position={position} icon={pinIcon} draggable={draggable} eventHandlers={handlers} keyboard={false} />
      </MapContainer>
    </div>
  );
}
