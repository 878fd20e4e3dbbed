import { nearestPrintScale, printFrame, printGroundSize, printMapSize } from '../../src/contract/MapPrint';
import { screenScale } from '../../src/features/print/printFrameRing';
import { gridStep } from '../../server/services/mapPrint/drawPrintMap';
import { printShareLink } from '../../server/services/mapPrint/MapPrintService';

describe('the map print layout', () => {
  it('gives the map the paper less margins, title and legend bands, turned with the orientation', () => {
    expect(printMapSize('A4', 'portrait')).toEqual({ width: 190, height: 222 });
    expect(printMapSize('A4', 'landscape')).toEqual({ width: 277, height: 135 });
    expect(printMapSize('A3', 'landscape')).toEqual({ width: 400, height: 222 });
  });

  it('covers the ground of the map at the scale, centred on the centre', () => {
    expect(printGroundSize('A4', 'landscape', 2000)).toEqual({ width: 554, height: 270 });
    expect(
      printFrame({
        paper: 'A4',
        orientation: 'portrait',
        scale: 500,
        center: { east: 2_681_000, north: 1_224_000 },
      }),
    ).toEqual([2_680_952.5, 1_223_944.5, 2_681_047.5, 1_224_055.5]);
  });

  it('picks the standard scale nearest the screen’s, on a log scale', () => {
    expect(nearestPrintScale(300)).toBe(500);
    expect(nearestPrintScale(2200)).toBe(2000);
    expect(nearestPrintScale(3300)).toBe(2500);
    expect(nearestPrintScale(3700)).toBe(5000);
    expect(nearestPrintScale(400_000)).toBe(25_000);
    // MapLibre at z16.5 over Zug shows about 1:2'170.
    expect(screenScale(16.5, 47.17)).toBeCloseTo(2170, -1);
  });

  it('draws the LV95 grid at a round step with at most seven lines across', () => {
    expect(gridStep(95)).toBe(25);
    expect(gridStep(554)).toBe(100);
    expect(gridStep(10_000)).toBe(2000);
  });

  it('links the QR code to the app’s own map view', () => {
    expect(printShareLink('https://atlas.example.ch/', 'map=8.5%2C47.1%2C16%2C0%2C0')).toBe(
      'https://atlas.example.ch/?map=8.5%2C47.1%2C16%2C0%2C0',
    );
    expect(printShareLink('https://atlas.example.ch', undefined)).toBe('https://atlas.example.ch/');
  });
});
