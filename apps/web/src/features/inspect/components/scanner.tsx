import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's own QR reader where it has one, else jsQR (bundled with the app, so it works offline). */
async function makeDecoder(): Promise<Decode> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The back camera's picture, read a few times a second until a QR code is found; its text goes to `onText`. */
export function Scanner({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const found = useRef(onText);
  useEffect(() => {
    found.current = onText;
  }, [onText]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const decode = await makeDecoder();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await decode(video.current).catch(() => null);
          if (stopped) return;
          if (text) found.current(text);
          else timer = window.setTimeout(() => void tick(), 150);
        };
        void tick();
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="inspect-scanner" data-testid="inspect-scanner">
      {failed ? (
        <Alert type="warning" showIcon message={t('inspect.cameraFailed')} data-testid="inspect-camera-failed" />
      ) : (
        <>
          <video ref={video} muted playsInline aria-label={t('inspect.scanHint')} />
          <p>{t('inspect.scanHint')}</p>
        </>
      )}
      <Button block size="large" onClick={onClose}>
        {t('inspect.stopScan')}
      </Button>
    </div>
  );
}
