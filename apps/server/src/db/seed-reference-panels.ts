/**
 * The demo banks' reference panels (what learners open beside a question): a short table of laboratory values
 * for the medical and nursing banks, a table of audit thresholds for the accounting one. Written as the
 * editor writes rich text, so the sanitiser keeps it as it is.
 */
const row = (cells: string[], header = false) =>
  `<tr>${cells.map((c) => (header ? `<th><p>${c}</p></th>` : `<td><p>${c}</p></td>`)).join('')}</tr>`;
const table = (head: string[], rows: string[][]) =>
  `<table><tbody>${row(head, true)}${rows.map((r) => row(r)).join('')}</tbody></table>`;

const LAB_VALUES = [
  '<h2>Serum chemistry</h2>',
  table(
    ['Test', 'Reference range', 'SI units'],
    [
      ['Sodium (Na⁺)', '136–145 mEq/L', '136–145 mmol/L'],
      ['Potassium (K⁺)', '3.5–5.0 mEq/L', '3.5–5.0 mmol/L'],
      ['Chloride (Cl⁻)', '95–105 mEq/L', '95–105 mmol/L'],
      ['Bicarbonate (HCO₃⁻)', '22–28 mEq/L', '22–28 mmol/L'],
      ['Urea nitrogen (BUN)', '7–18 mg/dL', '2.5–6.4 mmol/L'],
      ['Creatinine', '0.6–1.2 mg/dL', '53–106 µmol/L'],
      ['Glucose, fasting', '70–100 mg/dL', '3.8–5.6 mmol/L'],
      ['Calcium', '8.4–10.2 mg/dL', '2.1–2.6 mmol/L'],
    ],
  ),
  '<h2>Hematology</h2>',
  table(
    ['Test', 'Reference range'],
    [
      ['Hemoglobin, male', '13.5–17.5 g/dL'],
      ['Hemoglobin, female', '12.0–16.0 g/dL'],
      ['Leukocyte count', '4,500–11,000/mm³'],
      ['Platelet count', '150,000–400,000/mm³'],
    ],
  ),
  '<h2>Arterial blood gas (room air)</h2>',
  table(
    ['Test', 'Reference range'],
    [
      ['pH', '7.35–7.45'],
      ['PaCO₂', '33–45 mm Hg'],
      ['PaO₂', '75–105 mm Hg'],
    ],
  ),
].join('');

const AUDIT_TABLES = [
  '<h2>Audit risk model</h2>',
  '<p><strong>Audit risk</strong> = inherent risk × control risk × detection risk</p>',
  table(
    ['When assessed risk of material misstatement is…', 'Acceptable detection risk', 'Substantive testing'],
    [
      ['High', 'Low', 'More extensive, nearer year-end'],
      ['Moderate', 'Moderate', 'Planned level'],
      ['Low', 'High', 'Less extensive, may be at an interim date'],
    ],
  ),
  '<h2>Common planning benchmarks for materiality</h2>',
  table(
    ['Benchmark', 'Typical percentage'],
    [
      ['Pre-tax income', '5%'],
      ['Total revenue', '0.5%–1%'],
      ['Total assets', '0.5%–1%'],
      ['Total equity', '1%–2%'],
    ],
  ),
].join('');

/** The reference panel of a demo bank, by its category ('' for a category without one). */
export function demoReferencePanel(productCategory: string): string {
  if (productCategory === 'PHYSICIAN' || productCategory === 'NURSING') return LAB_VALUES;
  if (productCategory === 'ACCOUNTING') return AUDIT_TABLES;
  return '';
}
