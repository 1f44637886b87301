import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { PEN } from './pen';

/** What the panel asks of the pad. */
export interface SignaturePadHandle {
  clear: () => void;
  /** Draws a saved image (fetched from its stored file), fitted to the pad. */
  showImage: (image: Blob) => Promise<void>;
  /** Writes typed text as the signature: the keyboard alternative to drawing. */
  writeText: (text: string) => void;
  toPng: () => Promise<Blob | null>;
}

interface Point {
  x: number;
  y: number;
  time: number;
}

function contextOf(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  return canvas?.getContext('2d') ?? null;
}

/** An opaque white ground: the stored PNG reads on any page colour. */
function paintGround(canvas: HTMLCanvasElement | null): void {
  const ctx = contextOf(canvas);
  if (!canvas || !ctx) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.restore();
}

function pointOf(event: React.PointerEvent<HTMLCanvasElement>): Point {
  const rect = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top, time: event.timeStamp };
}

/**
 * A drawing surface for a signature: a <canvas> fed by pointer events, so a mouse, a finger and
 * a pen draw alike. `touch-action: none` keeps a finger from scrolling the page while signing.
 * Finishing a stroke (pointer up) calls `onStrokeEnd`. The canvas is sized to its box in device
 * pixels; a resize redraws what was there.
 */
export function SignaturePad({
  ref,
  label,
  describedBy,
  isDisabled,
  onStrokeEnd,
}: {
  ref?: Ref<SignaturePadHandle>;
  label: string;
  describedBy?: string;
  isDisabled?: boolean;
  onStrokeEnd: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<Point | null>(null);
  const width = useRef<number>(PEN.minWidth);
  // The picture as it stands, so a resize (a phone turned) can draw it again.
  const snapshot = useRef<HTMLCanvasElement | null>(null);

  const context = () => contextOf(canvasRef.current);
  const paintBackground = () => paintGround(canvasRef.current);

  function keepSnapshot(): void {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    copy.getContext('2d')?.drawImage(canvas, 0, 0);
    snapshot.current = copy;
  }

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const rect = canvas.getBoundingClientRect();
      const nextWidth = Math.max(1, Math.round(rect.width * ratio));
      const nextHeight = Math.max(1, Math.round(rect.height * ratio));
      if (canvas.width === nextWidth && canvas.height === nextHeight) return;
      canvas.width = nextWidth;
      canvas.height = nextHeight;
      const ctx = contextOf(canvas);
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      paintGround(canvas);
      if (snapshot.current) ctx.drawImage(snapshot.current, 0, 0, rect.width, rect.height);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useImperativeHandle(ref, () => ({
    clear() {
      snapshot.current = null;
      paintBackground();
    },
    async showImage(image: Blob) {
      const canvas = canvasRef.current;
      const ctx = context();
      if (!canvas || !ctx || typeof createImageBitmap !== 'function') return;
      const bitmap = await createImageBitmap(image);
      const rect = canvas.getBoundingClientRect();
      const scale = Math.min(rect.width / bitmap.width, rect.height / bitmap.height, 1);
      const drawnWidth = bitmap.width * scale;
      const drawnHeight = bitmap.height * scale;
      paintBackground();
      ctx.drawImage(bitmap, (rect.width - drawnWidth) / 2, (rect.height - drawnHeight) / 2, drawnWidth, drawnHeight);
      bitmap.close();
      keepSnapshot();
    },
    writeText(text: string) {
      const canvas = canvasRef.current;
      const ctx = context();
      if (!canvas || !ctx) return;
      const rect = canvas.getBoundingClientRect();
      paintBackground();
      let size = Math.min(48, rect.height * 0.45);
      ctx.font = `italic ${size}px ${PEN.typedFont}`;
      while (size > 12 && ctx.measureText(text).width > rect.width - 24) {
        size -= 2;
        ctx.font = `italic ${size}px ${PEN.typedFont}`;
      }
      ctx.fillStyle = PEN.color;
      ctx.textBaseline = 'middle';
      ctx.fillText(text, 12, rect.height / 2);
      keepSnapshot();
    },
    toPng: () =>
      new Promise<Blob | null>((resolve) => {
        const canvas = canvasRef.current;
        if (!canvas) resolve(null);
        else canvas.toBlob(resolve, 'image/png');
      }),
  }));

  function onPointerDown(event: React.PointerEvent<HTMLCanvasElement>): void {
    if (isDisabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event);
    last.current = point;
    width.current = PEN.maxWidth;
    const ctx = context();
    if (!ctx) return;
    // A tap leaves a dot, as a pen would.
    ctx.fillStyle = PEN.color;
    ctx.beginPath();
    ctx.arc(point.x, point.y, PEN.maxWidth / 2, 0, Math.PI * 2);
    ctx.fill();
  }

  function onPointerMove(event: React.PointerEvent<HTMLCanvasElement>): void {
    const from = last.current;
    const ctx = context();
    if (!from || !ctx) return;
    const to = pointOf(event);
    const distance = Math.hypot(to.x - from.x, to.y - from.y);
    if (distance < 1) return;
    // Fast strokes thin towards the minimum width, slow ones thicken towards the maximum, smoothed.
    const speed = distance / Math.max(1, to.time - from.time);
    const target = Math.max(PEN.minWidth, PEN.maxWidth - speed * PEN.speedFactor);
    width.current = width.current * 0.7 + target * 0.3;
    ctx.strokeStyle = PEN.color;
    ctx.lineWidth = width.current;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
  }

  function onPointerEnd(): void {
    if (!last.current) return;
    last.current = null;
    keepSnapshot();
    onStrokeEnd();
  }

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="signature-pad"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        display: 'block',
        width: '100%',
        height: PEN.padHeight,
        minHeight: PEN.padMinHeight,
        touchAction: 'none',
        cursor: isDisabled ? 'not-allowed' : 'crosshair',
        background: '#ffffff',
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 8,
      }}
    />
  );
}
