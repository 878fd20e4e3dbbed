import type { LandSite } from '../../../../src/contract/Sites';
import { formatNumber } from '../../../../src/lib/format/numbers';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import type { ParcelSurroundings } from '../../reports/parcelSurroundings';
import { drawParcelMap } from '../../reports/pdf/drawParcelMap';
import {
  planLabels,
  renderPlanReport,
  type PdfOptions,
  type RenderedPdf,
} from '../../reports/pdf/renderParcelPdf';
import { DASH, measure, type ReportSection } from '../../reports/reportSections';
import type { ReportSubject } from '../../reports/ReportSubject';
import { siteFixedPoints, sitePlace } from '../siteSubjects';

const squareMetres = (value: number | null) => (value === null ? DASH : `${formatNumber(value, 0)} m²`);

/** The site's sections: its figures (page 1, under the plan), its parcels, its constraints. */
function siteSections(site: LandSite, t: LanguageTranslator): ReportSection[] {
  return [
    {
      id: 'site',
      title: t.t('site.pdf.section.site'),
      rows: [
        { label: t.t('site.pdf.parcels'), value: site.parcels.map((p) => p.number).join(', ') },
        { label: t.t('site.pdf.area'), value: measure(site.area, 'm²') },
        { label: t.t('site.pdf.outlineArea'), value: measure(site.outlineArea, 'm²') },
        { label: t.t('site.pdf.buildableFloorArea'), value: squareMetres(site.buildableFloorArea) },
        { label: t.t('site.pdf.reserve'), value: squareMetres(site.reserve) },
      ],
      note: t.t('site.pdf.estimateNote'),
    },
    {
      id: 'siteParcels',
      title: t.t('site.pdf.section.parcels'),
      rows: [],
      table: {
        columns: [
          t.t('site.pdf.column.number'),
          'EGRID',
          t.t('site.pdf.column.place'),
          t.t('site.pdf.area'),
          t.t('site.pdf.buildableFloorArea'),
          t.t('site.pdf.reserve'),
        ],
        rows: site.parcels.map((p) => [
          p.number,
          p.egrid,
          p.place,
          measure(p.area, 'm²'),
          squareMetres(p.buildableFloorArea),
          squareMetres(p.reserve),
        ]),
        empty: DASH,
      },
    },
    {
      id: 'siteConstraints',
      title: t.t('site.pdf.section.constraints'),
      rows: site.constraints.map((c) => ({
        label: c.label,
        value: c.parcels.length
          ? `${c.value} · ${t.t('site.pdf.carriedBy', { count: c.parcels.length, parcels: c.parcels.join(', ') })}`
          : c.value,
        warning: c.binding,
      })),
      note: t.t('site.pdf.constraintsNote'),
    },
  ];
}

/**
 * The site report as a PDF, laid out as the parcel report (renderPlanReport): page 1 the plan with the
 * site's outline highlighted and every parcel numbered, scale bar, north arrow and legend, then the site's
 * figures; then its parcels and its constraints.
 */
export function renderSitePdf(
  site: LandSite,
  subjects: readonly ReportSubject[],
  surroundings: ParcelSurroundings,
  t: LanguageTranslator,
  options: PdfOptions,
): Promise<RenderedPdf> {
  const line = `${t.t('site.pdf.line', { count: site.parcels.length })} · ${sitePlace(site)}`;
  const egrids = `EGRID ${site.parcels.map((p) => p.egrid).join(', ')}`;
  const numbers = site.parcels.map((p) => p.number);
  // Page 1's detail is one line: the numbers of a large site are cut short (the table lists them all).
  const detail = `${t.t('site.pdf.parcels')}: ${numbers.slice(0, 10).join(', ')}${numbers.length > 10 ? ' …' : ''}`;
  return renderPlanReport(
    {
      head: {
        title: t.t('site.pdf.title'),
        line,
        detail,
        runningRight: detail,
      },
      documentTitle: `${t.t('site.pdf.title')} – ${line}`,
      documentSubject: egrids,
      sections: siteSections(site, t),
      newPageAfterFirst: false,
      drawMap: (doc, box) =>
        drawParcelMap(
          doc,
          box,
          surroundings,
          siteFixedPoints(subjects),
          new Set(subjects.flatMap((s) => s.objects.map((o) => o.OBJ_ID))),
          planLabels(t, surroundings.scale, t.t('site.pdf.legend')),
          new Set(site.parcels.map((p) => p.egrid)),
        ),
    },
    t,
    options,
  );
}
