import { formatNumber } from '../../../../src/lib/format/numbers';
import type { LanguageTranslator } from '../../i18n/ServerTranslator';
import { escapeHtml, htmlPage } from '../htmlPage';
import type { Lv95Ring } from '../parcelSurroundings';
import { reportDate } from '../reportNaming';
import { fieldText, zoneText } from '../reportSections';
import type { ReportSubject } from '../ReportSubject';
import type { Assessment, Finding } from './assessParcel';

const SVG_WIDTH = 740;

/** The parcel in its neighbourhood as inline SVG (north up, LV95 metres scaled to the page). */
function parcelSvg(subject: ReportSubject, title: string): string {
  const { frame, neighbours, buildings, parcel } = subject.surroundings;
  const [minE, minN, maxE, maxN] = frame;
  const scale = SVG_WIDTH / (maxE - minE);
  const height = Math.round((maxN - minN) * scale);
  const path = (rings: Lv95Ring[]) =>
    rings
      .map(
        (ring) =>
          `M${ring.map(([e, n]) => `${((e - minE) * scale).toFixed(1)} ${((maxN - n) * scale).toFixed(1)}`).join('L')}Z`,
      )
      .join('');
  return `<svg viewBox="0 0 ${SVG_WIDTH} ${height}" role="img" aria-label="${escapeHtml(title)}">
    ${neighbours.map((n) => `<path d="${path(n.rings)}" fill="#f5f5f5" stroke="#9e9e9e" stroke-width="0.6"/>`).join('')}
    <path d="${path(parcel.rings)}" fill="#d5eef0" stroke="#176b73" stroke-width="2.5"/>
    ${buildings.map((b) => `<path d="${path(b.rings)}" fill="#5d5d5d"/>`).join('')}
  </svg>`;
}

function findingText(t: LanguageTranslator, finding: Finding): string {
  const values: Record<string, string | number> = { ...finding.values };
  if (typeof values.field === 'string') values.field = t.t(`parcel.field.${values.field}`);
  return t.t(`assessment.finding.${finding.key}`, values);
}

const row = (label: string, value: string) =>
  `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`;
const m2 = (value: number | null) => (value === null ? '–' : `${formatNumber(value, 0)} m²`);

/**
 * The automated assessment as a printable page: what can be built (zone, building lines, buildable
 * floor area from the zone's utilisation figure), constraints and opportunities, each computed by a
 * stated rule and labelled "automated assessment".
 */
export function renderAssessmentHtml(
  subject: ReportSubject,
  assessment: Assessment,
  t: LanguageTranslator,
  generatedAt: Date,
): string {
  const { parcel } = subject;
  const { potential } = assessment;
  const title = `${t.t('assessment.title')} – ${t.t('parcel.title', { number: parcel.PRC_NO })}`;
  const zone = zoneText(subject, t, 'ALPHA_PRIS', parcel.ALPHA_PRIS);
  const lines = assessment.buildingLines.length
    ? assessment.buildingLines
        .map((line) => row(t.t(`parcel.field.${line.field}`), fieldText(t, line.field, line.value)))
        .join('')
    : row(t.t('report.section.buildingLines'), t.t('assessment.noBuildingLines'));
  const list = (findings: Finding[], kind: 'constraint' | 'opportunity', empty: string) =>
    findings.length
      ? `<ul class="findings">${findings.map((f) => `<li class="${kind === 'opportunity' ? 'opportunity' : f.severity}">${escapeHtml(findingText(t, f))}</li>`).join('')}</ul>`
      : `<p class="muted">${escapeHtml(empty)}</p>`;
  const body = `
    <span class="label">${escapeHtml(t.t('assessment.label'))}</span>
    <h1>${escapeHtml(title)}</h1>
    <p class="muted" data-testid="assessment-parcel">${escapeHtml(`${parcel.PRC_ID} · ${parcel.STREET_ADDRESS ?? ''} ${parcel.PRC_ZIP} ${parcel.LOCNAME} (${parcel.CANTON}) · ${formatNumber(parcel.PRC_SUR, 0)} m²`)}</p>
    ${parcelSvg(subject, t.t('report.map.parcel'))}
    <h2>${escapeHtml(t.t('assessment.section.potential'))}</h2>
    <table>
      ${row(t.t('report.zoning.basic'), zone)}
      ${row(t.t('assessment.buildingZone'), t.t(potential.buildingZone ? 'assessment.yes' : 'assessment.no'))}
      ${row(t.t('assessment.utilisation'), potential.utilisation === null ? '–' : formatNumber(potential.utilisation, 2))}
      ${row(t.t('assessment.buildableFloorArea'), m2(potential.buildableFloorArea))}
      ${row(t.t('assessment.existingFloorArea'), m2(potential.existingFloorArea))}
      ${row(t.t('assessment.reserve'), m2(potential.reserve))}
      ${row(t.t('report.field.objectType'), t.t(`report.objectType.${potential.objectType}`))}
      ${lines}
    </table>
    <p class="muted">${escapeHtml(t.t(potential.buildingZone ? 'assessment.potentialRule' : 'assessment.outsideBuildingZone'))}</p>
    <h2>${escapeHtml(t.t('assessment.section.constraints'))}</h2>
    ${list(assessment.constraints, 'constraint', t.t('assessment.noConstraints'))}
    <h2>${escapeHtml(t.t('assessment.section.opportunities'))}</h2>
    ${list(assessment.opportunities, 'opportunity', t.t('assessment.noOpportunities'))}
    <footer>${escapeHtml(t.t('assessment.disclaimer'))}<br>${escapeHtml(t.t('report.pdf.date', { date: reportDate(generatedAt) }))}</footer>`;
  return htmlPage(t, title, body);
}
