import { useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type WheelEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, IconButton, Stack, Tooltip, Typography, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { useTranslate } from 'react-admin';
import type { FleetView } from '../domain/api/fleet';
import type { FacilityBox } from '../domain/fleet/fingerprint';
import {
  clampView,
  looksSwapped,
  panView,
  PAN_STEP,
  pinchView,
  project,
  spotsOf,
  unproject,
  viewBox,
  WORLD,
  WORLD_VIEW,
  zoomView,
  ZOOM_STEP,
  type ScreenPoint,
  type View,
} from '../domain/fleet/map';
import { burnPath } from '../kiln-logs/burnPaths';
import { facilityPath } from './fleetPaths';
import { WORLD_LAND_PATH } from './worldLand';

/**
 * The offline map: the bundled world outline, each facility's GPS box and the
 * burns gathered per spot. Zoom and pan by wheel, drag (mouse or touch), two-finger pinch (about the fingers' midpoint), the
 * buttons, or the keyboard (+ − and the arrows, 0 for the whole world).
 * Boxes that look swapped are dashed in the error colour; burns outside their
 * box are squares in the error colour, those with an open anomaly ringed.
 */
export interface FleetMapProps {
  view: FleetView;
  /** message key of the heading; default the Fleet screen's */
  heading?: string;
  /** places drawn besides the burns (a batch's end uses), each with its label */
  places?: readonly MapPlace[];
  /** a click on the map (not a drag), or Enter on it for the view's centre, hands its latitude and longitude here */
  onPick?: (at: { latitude: number; longitude: number }) => void;
}

export interface MapPlace {
  key: string | number;
  latitude: number;
  longitude: number;
  label: string;
}

export function FleetMap({ view: data, heading = 'fleet.map.heading', places = [], onPick }: FleetMapProps) {
  const translate = useTranslate();
  const theme = useTheme();
  // ids of its own: a batch's page and its end use form may each draw one
  const ids = useId();
  const navigate = useNavigate();
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>(WORLD_VIEW);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  // the fingers (or pointers) down, by pointer id, in screen pixels from the map's centre
  const pointers = useRef(new Map<number, ScreenPoint>());
  const pinch = useRef<{ ids: [number, number]; from: [ScreenPoint, ScreenPoint]; view: View; unitsPerPixel: number; last: View } | null>(
    null,
  );

  const boxes = useMemo(() => new Map<number, FacilityBox>(data.facilities.map((f) => [f.id, f])), [data.facilities]);
  const spots = useMemo(() => spotsOf(data.burns, boxes), [data.burns, boxes]);
  const swapped = useMemo(
    () =>
      new Set(
        data.facilities
          .filter((f) =>
            looksSwapped(
              f,
              data.burns.filter((b) => b.facility_id === f.id),
            ),
          )
          .map((f) => f.id),
      ),
    [data.facilities, data.burns],
  );
  const outsideCount = spots.filter((s) => s.outside).reduce((n, s) => n + s.ids.length, 0);

  /** map units per screen pixel */
  const unitsPerPixel = () => WORLD.width / view.scale / (svg.current?.clientWidth || WORLD.width);
  const mark = Math.max(0.02, 4 * (WORLD.width / view.scale / 800));

  const onKey = (e: KeyboardEvent) => {
    const step: Record<string, () => View> = {
      '+': () => zoomView(view, ZOOM_STEP),
      '=': () => zoomView(view, ZOOM_STEP),
      '-': () => zoomView(view, 1 / ZOOM_STEP),
      ArrowLeft: () => panView(view, -PAN_STEP, 0),
      ArrowRight: () => panView(view, PAN_STEP, 0),
      ArrowUp: () => panView(view, 0, -PAN_STEP),
      ArrowDown: () => panView(view, 0, PAN_STEP),
      '0': () => WORLD_VIEW,
    };
    if (e.key === 'Enter' && onPick) {
      e.preventDefault();
      onPick(unproject({ x: view.cx, y: view.cy }));
      return;
    }
    const next = step[e.key];
    if (!next) return;
    e.preventDefault();
    setView(next());
  };
  const onWheel = (e: WheelEvent) => {
    const rect = svg.current?.getBoundingClientRect();
    if (!rect) return;
    const k = unitsPerPixel();
    const at = { x: view.cx + (e.clientX - rect.left - rect.width / 2) * k, y: view.cy + (e.clientY - rect.top - rect.height / 2) * k };
    setView(zoomView(view, e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, at));
  };
  /** client pixels to pixels from the map's centre */
  const fromCentre = (p: ScreenPoint): ScreenPoint => {
    const rect = svg.current?.getBoundingClientRect();
    return rect ? { x: p.x - rect.left - rect.width / 2, y: p.y - rect.top - rect.height / 2 } : p;
  };
  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [[idA, a], [idB, b]] = [...pointers.current.entries()];
      pinch.current = { ids: [idA, idB], from: [fromCentre(a), fromCentre(b)], view, unitsPerPixel: unitsPerPixel(), last: view };
      // a pinch is never a click on what it ended over
      drag.current = { x: e.clientX, y: e.clientY, view, moved: true };
      return;
    }
    drag.current = { x: e.clientX, y: e.clientY, view, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const p = pinch.current;
    if (p) {
      const a = pointers.current.get(p.ids[0]);
      const b = pointers.current.get(p.ids[1]);
      if (!a || !b) return;
      (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      p.last = pinchView(p.view, p.unitsPerPixel, p.from, [fromCentre(a), fromCentre(b)]);
      setView(p.last);
      return;
    }
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    d.moved = true;
    const k = unitsPerPixel();
    setView(clampView({ ...d.view, cx: d.view.cx - dx * k, cy: d.view.cy - dy * k }));
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    const p = pinch.current;
    if (p && p.ids.includes(e.pointerId)) {
      pinch.current = null;
      const left = [...pointers.current.values()][0];
      // the finger left down pans on from where the pinch left the map
      drag.current = { x: left?.x ?? e.clientX, y: left?.y ?? e.clientY, view: p.last, moved: true };
      if (left) return;
    }
    // a drag that moved is a pan, not a click on what it ended over
    const moved = drag.current?.moved ?? false;
    setTimeout(() => {
      if (drag.current?.moved === moved) drag.current = null;
    });
  };
  const open = (path: string) => {
    // a map that picks a place takes every click for the place
    if (!drag.current?.moved && !onPick) navigate(path);
  };
  const onClick = (e: MouseEvent) => {
    const rect = svg.current?.getBoundingClientRect();
    if (!onPick || !rect || drag.current?.moved) return;
    const k = unitsPerPixel();
    onPick(
      unproject({ x: view.cx + (e.clientX - rect.left - rect.width / 2) * k, y: view.cy + (e.clientY - rect.top - rect.height / 2) * k }),
    );
  };

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={`${ids}-heading`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate(heading)}
        </Typography>
        <Tooltip title={translate('fleet.map.zoomIn')}>
          <IconButton aria-label={translate('fleet.map.zoomIn')} onClick={() => setView(zoomView(view, ZOOM_STEP))}>
            <AddIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('fleet.map.zoomOut')}>
          <IconButton aria-label={translate('fleet.map.zoomOut')} onClick={() => setView(zoomView(view, 1 / ZOOM_STEP))}>
            <RemoveIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('fleet.map.world')}>
          <IconButton aria-label={translate('fleet.map.world')} onClick={() => setView(WORLD_VIEW)}>
            <CenterFocusStrongIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          touchAction: 'none',
          '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}` },
        }}
        tabIndex={0}
        role="group"
        aria-label={translate('fleet.map.label')}
        aria-describedby={`${ids}-help`}
        data-testid="fleet-map"
        data-scale={view.scale}
        onKeyDown={onKey}
      >
        <svg
          ref={svg}
          viewBox={viewBox(view)}
          preserveAspectRatio="xMidYMid meet"
          style={{
            display: 'block',
            width: '100%',
            aspectRatio: '2 / 1',
            background: theme.palette.mode === 'dark' ? '#0d2033' : '#dcecf7',
            cursor: 'grab',
          }}
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onClick={onClick}
        >
          <path
            d={WORLD_LAND_PATH}
            fill={theme.palette.mode === 'dark' ? '#37474f' : '#c8d5b9'}
            stroke={theme.palette.text.secondary}
            strokeWidth={0.1 / Math.sqrt(view.scale)}
          />
          {data.facilities.map((f) => {
            const p = project({ latitude: f.latitude_max, longitude: f.longitude_min });
            const bad = swapped.has(f.id);
            return (
              <g key={f.id}>
                <title>{`${f.mnemonic} ${f.name}${bad ? ` — ${translate('fleet.map.swapped')}` : ''}`}</title>
                <rect
                  x={p.x}
                  y={p.y}
                  width={Math.max(0.01, f.longitude_max - f.longitude_min)}
                  height={Math.max(0.01, f.latitude_max - f.latitude_min)}
                  fill={bad ? theme.palette.error.main : theme.palette.primary.main}
                  fillOpacity={0.15}
                  stroke={bad ? theme.palette.error.main : theme.palette.primary.main}
                  strokeWidth={mark / 3}
                  strokeDasharray={bad ? `${mark} ${mark / 2}` : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(facilityPath(f.id))}
                />
              </g>
            );
          })}
          {spots.map((s) => {
            const p = project(s);
            const colour = s.outside ? theme.palette.error.main : theme.palette.success.main;
            const label = translate('fleet.map.spot', { count: s.ids.length, id: s.ids[0] });
            return (
              <g
                key={`${s.facility_id}:${s.latitude}:${s.longitude}:${s.outside}`}
                style={{ cursor: 'pointer' }}
                onClick={() => open(burnPath(s.ids[0]))}
              >
                <title>{`${label}${s.outside ? ` — ${translate('fleet.map.outside')}` : ''}`}</title>
                {s.outside ? (
                  <rect
                    x={p.x - mark}
                    y={p.y - mark}
                    width={mark * 2}
                    height={mark * 2}
                    fill={colour}
                    stroke="#000"
                    strokeWidth={mark / 5}
                  />
                ) : (
                  <circle cx={p.x} cy={p.y} r={mark} fill={colour} stroke="#000" strokeWidth={mark / 5} />
                )}
                {s.flagged > 0 && (
                  <circle cx={p.x} cy={p.y} r={mark * 1.8} fill="none" stroke={theme.palette.warning.main} strokeWidth={mark / 2} />
                )}
              </g>
            );
          })}
          {places.map((place) => {
            const p = project(place);
            return (
              <g key={place.key} data-testid="map-place">
                <title>{place.label}</title>
                <path
                  d={`M ${p.x} ${p.y - mark * 1.5} L ${p.x + mark * 1.5} ${p.y} L ${p.x} ${p.y + mark * 1.5} L ${p.x - mark * 1.5} ${p.y} Z`}
                  fill={theme.palette.secondary.main}
                  stroke="#000"
                  strokeWidth={mark / 5}
                />
              </g>
            );
          })}
        </svg>
      </Box>
      <Typography id={`${ids}-help`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('fleet.map.help')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="fleet-map-summary">
        {translate('fleet.map.summary', { burns: data.burns.length, outside: outsideCount, swapped: swapped.size })}
        {swapped.size > 0 &&
          ` ${translate('fleet.map.swappedList', {
            names: data.facilities
              .filter((f) => swapped.has(f.id))
              .map((f) => f.mnemonic)
              .join(', '),
          })}`}
      </Typography>
    </section>
  );
}
