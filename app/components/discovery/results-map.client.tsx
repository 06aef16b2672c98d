// The map of /search-by-map: a client-side island (loaded only there, only once JavaScript runs)
// with Leaflet and react-leaflet. Markers show each result's price; moving the map reports its
// new bounds so the results follow it. The page's list works without any of this.
import "leaflet/dist/leaflet.css";
import { divIcon, latLngBounds, type LatLngBounds, type LatLngBoundsExpression } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from "react-leaflet";
import { escapeHtml } from "~/utils/escape-html";

export interface MapMarker {
  id: number;
  lat: number;
  lng: number;
  /** The price shown on the marker. */
  label: string;
  title: string;
  href: string;
}

/** Several results drawn as one circle with their count (more than MAP_MARKER_LIMIT in the area). */
export interface MapCluster {
  lat: number;
  lng: number;
  count: number;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

const TUNISIA: LatLngBoundsExpression = [
  [30.1, 7.4],
  [37.6, 11.7],
];

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Reports the bounds after a move the visitor made (not after the map fits itself). */
function BoundsReporter({ onMove, ignoreNext }: { onMove: (bounds: Bounds) => void; ignoreNext: React.MutableRefObject<boolean> }) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const report = (bounds: LatLngBounds) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () =>
        onMove({
          west: round(Math.max(-180, bounds.getWest())),
          south: round(Math.max(-90, bounds.getSouth())),
          east: round(Math.min(180, bounds.getEast())),
          north: round(Math.min(90, bounds.getNorth())),
        }),
      350,
    );
  };
  useMapEvents({
    // A drag is always the visitor's, even when the map's own first fit fired no moveend and
    // left the "ignore" flag up.
    dragend(event) {
      ignoreNext.current = false;
      report(event.target.getBounds());
    },
    moveend(event) {
      if (ignoreNext.current) {
        ignoreNext.current = false;
        return;
      }
      report(event.target.getBounds());
    },
  });
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return null;
}

/** A cluster: its count in a circle; a click zooms in on it (the bounds then follow). */
function ClusterMarker({ cluster, label }: { cluster: MapCluster; label: string }) {
  const map = useMap();
  const icon = useMemo(
    () => divIcon({ className: "", html: `<span class="map-cluster" data-testid="map-cluster">${cluster.count}</span>`, iconSize: undefined }),
    [cluster.count],
  );
  return (
    <Marker
      position={[cluster.lat, cluster.lng]}
      icon={icon}
      title={label}
      alt={label}
      keyboard
      eventHandlers={{ click: () => map.setView([cluster.lat, cluster.lng], Math.min(map.getZoom() + 2, map.getMaxZoom())) }}
    />
  );
}

/** Fits the map once: to the searched area, else to the markers, else to Tunisia. */
function InitialView({ bbox, markers, ignoreNext }: { bbox: Bounds | null; markers: MapMarker[]; ignoreNext: React.MutableRefObject<boolean> }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    ignoreNext.current = true;
    if (bbox) map.fitBounds([
      [bbox.south, bbox.west],
      [bbox.north, bbox.east],
    ]);
    else if (markers.length > 0) map.fitBounds(latLngBounds(markers.map((marker) => [marker.lat, marker.lng] as [number, number])).pad(0.2), { maxZoom: 13 });
    else map.fitBounds(TUNISIA);
  }, [map, bbox, markers, ignoreNext]);
  return null;
}

export default function ResultsMap({
  markers,
  clusters,
  clusterLabel,
  bbox,
  tileUrl,
  attribution,
  label,
  onMove,
  onOpen,
}: {
  markers: MapMarker[];
  clusters: MapCluster[];
  clusterLabel: (count: number) => string;
  bbox: Bounds | null;
  tileUrl: string;
  attribution: string;
  label: string;
  onMove: (bounds: Bounds) => void;
  onOpen: (href: string) => void;
}) {
  const ignoreNext = useRef(false);
  const icons = useMemo(
    () =>
      new Map(
        markers.map((marker) => [
          marker.id,
          divIcon({
            className: "",
            html: `<span class="map-price-marker" data-testid="map-marker">${escapeHtml(marker.label)}</span>`,
            iconSize: undefined,
          }),
        ]),
      ),
    [markers],
  );
  return (
    <div className="map-panel__canvas" role="region" aria-label={label} data-testid="results-map">
    <MapContainer className="map-panel__canvas" bounds={TUNISIA} scrollWheelZoom>
      <TileLayer url={tileUrl} attribution={attribution} />
      <InitialView bbox={bbox} markers={markers.length > 0 ? markers : clusters.map((cluster, index) => ({ id: index, lat: cluster.lat, lng: cluster.lng, label: "", title: "", href: "" }))} ignoreNext={ignoreNext} />
      <BoundsReporter onMove={onMove} ignoreNext={ignoreNext} />
      {markers.map((marker) => (
        <Marker
          key={marker.id}
          position={[marker.lat, marker.lng]}
          icon={icons.get(marker.id)}
          title={marker.title}
          alt={marker.title}
          keyboard
          eventHandlers={{ click: () => onOpen(marker.href) }}
        >
          <Tooltip>{marker.title}</Tooltip>
        </Marker>
      ))}
      {clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.lat}:${cluster.lng}`} cluster={cluster} label={clusterLabel(cluster.count)} />
      ))}
    </MapContainer>
    </div>
  );
}
