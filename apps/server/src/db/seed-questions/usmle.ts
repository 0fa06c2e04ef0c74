import type { SeedBank } from './types';

const GUYTON = 'Hall JE, Hall ME. Guyton and Hall Textbook of Medical Physiology, 14th ed.';
const COSTANZO = 'Costanzo LS. Physiology, 7th ed.';
const WEST = "West JB, Luks AM. West's Respiratory Physiology: The Essentials, 11th ed.";
const KATZUNG = 'Katzung BG, Vanderah TW. Basic & Clinical Pharmacology, 15th ed.';
const GOLDFRANK = "Nelson LS, Howland MA, Lewin NA, et al. Goldfrank's Toxicologic Emergencies, 11th ed.";
const ROBBINS = 'Kumar V, Abbas AK, Aster JC. Robbins & Cotran Pathologic Basis of Disease, 10th ed.';
const MURRAY = 'Murray PR, Rosenthal KS, Pfaller MA. Medical Microbiology, 9th ed.';

export const usmle: SeedBank = {
  tree: [
    {
      subject: 'Physiology',
      categories: [
        {
          name: 'Cardiovascular',
          subcategories: [
            'Cardiac cycle and valves',
            'Hemodynamics and regulation',
            'Cardiac electrophysiology',
          ],
        },
        {
          name: 'Renal',
          subcategories: ['Acid-base balance', 'Glomerular filtration and tubular transport'],
        },
        { name: 'Respiratory', subcategories: ['Ventilation and gas exchange', 'Control of breathing'] },
      ],
    },
    {
      subject: 'Pharmacology',
      categories: [
        { name: 'Autonomic drugs', subcategories: ['Cholinergic agents', 'Adrenergic agents'] },
        {
          name: 'Antimicrobials',
          subcategories: ['Antibacterial agents', 'Antiviral and antifungal agents'],
        },
        {
          name: 'Pharmacokinetics and toxicology',
          subcategories: ['Pharmacokinetics and pharmacodynamics', 'Toxicology and antidotes'],
        },
      ],
    },
    {
      subject: 'Pathology',
      categories: [
        {
          name: 'Cardiovascular pathology',
          subcategories: [
            'Valvular and infectious heart disease',
            'Ischemic heart disease and cardiomyopathy',
          ],
        },
        { name: 'Hematopathology', subcategories: ['Anemias', 'Hemostasis and thrombosis'] },
        { name: 'Endocrine pathology', subcategories: ['Thyroid disorders', 'Adrenal disorders'] },
      ],
    },
    {
      subject: 'Microbiology',
      categories: [
        { name: 'Bacteriology', subcategories: ['Gram-positive organisms', 'Gram-negative organisms'] },
        { name: 'Virology', subcategories: ['DNA viruses', 'RNA viruses'] },
        { name: 'Mycology and parasitology', subcategories: ['Fungi', 'Protozoa and helminths'] },
      ],
    },
  ],
  questions: [
    // Physiology › Cardiovascular › Cardiac cycle and valves
    {
      name: 'Opening snap after rheumatic fever',
      stem: '<p>A 38-year-old woman who emigrated from Guatemala comes to the physician because of progressive shortness of breath on exertion and two episodes of waking at night gasping for air. As a child she had a long illness with fever and migratory joint pain. Auscultation shows a loud S<sub>1</sub>, a high-pitched early diastolic sound shortly after S<sub>2</sub>, and a low-pitched diastolic rumble heard best at the apex with the patient in the left lateral decubitus position.</p><p>Which of the following is most likely increased in this patient?</p>',
      choices: [
        'Aortic pulse pressure',
        'Interval between S2 and the opening snap',
        'Left atrial pressure',
        'Left ventricular end-diastolic volume',
        'Left ventricular wall thickness',
      ],
      correct: 2,
      choiceExplanations: [
        '<p>A wide pulse pressure points to aortic regurgitation, not a stenotic mitral valve.</p>',
        '<p>The interval <em>shortens</em> as stenosis worsens: the higher atrial pressure opens the valve earlier.</p>',
        '<p>Blood must be pushed through a narrow orifice, so left atrial pressure rises and backs up into the lungs.</p>',
        '<p>The ventricle behind a stenotic mitral valve is underfilled: its end-diastolic volume is normal or low.</p>',
        '<p>Mitral stenosis spares the left ventricle from pressure or volume overload, so its wall is not thickened.</p>',
      ],
      explanation:
        '<p>Rheumatic <strong>mitral stenosis</strong> narrows the orifice, so a raised <strong>left atrial pressure</strong> is needed to drive blood into the ventricle; the pressure backs up into the pulmonary veins and causes exertional and paroxysmal nocturnal dyspnea. The left ventricle is underfilled, so its end-diastolic volume and wall thickness are normal or reduced. A wide aortic pulse pressure suggests aortic regurgitation. As stenosis worsens, the higher atrial pressure opens the valve earlier, so the S<sub>2</sub>–opening snap interval <em>shortens</em>.</p>',
      references: [
        `${ROBBINS} Chapter: The Heart (rheumatic valvular disease).`,
        '2020 ACC/AHA Guideline for the Management of Patients With Valvular Heart Disease.',
      ],
      path: ['Physiology', 'Cardiovascular', 'Cardiac cycle and valves'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Ejection murmur softened by straining',
      stem: '<p>A 74-year-old man is evaluated after fainting while climbing stairs. He has a harsh crescendo–decrescendo systolic murmur at the right second intercostal space that radiates to both carotid arteries. The carotid upstroke is weak and delayed.</p><p>Which of the following maneuvers is most likely to <strong>decrease</strong> the intensity of this murmur?</p>',
      choices: [
        'Squatting from a standing position',
        'Passive elevation of both legs',
        'Inhalation of amyl nitrite',
        'Strain phase of the Valsalva maneuver',
        'Moving from standing to supine',
      ],
      correct: 3,
      choiceExplanations: [
        '<p>Squatting raises venous return and afterload: more flow across the valve, a louder murmur.</p>',
        '',
        '<p>Amyl nitrite lowers afterload, which increases flow and the gradient: the murmur gets louder.</p>',
        '<p>Straining cuts venous return and stroke volume, so less blood crosses the valve and the murmur softens.</p>',
        '',
      ],
      explanation:
        '<p>The murmur of <strong>aortic stenosis</strong> depends on the volume of blood ejected across the valve. The strain phase of the Valsalva maneuver reduces venous return, left ventricular filling and stroke volume, so the murmur softens. Squatting, leg raising and lying supine all increase preload and make it louder, and amyl nitrite lowers afterload, which increases flow and the gradient across the valve. Hypertrophic cardiomyopathy behaves the opposite way with Valsalva, which helps tell the two apart.</p>',
      references: [
        `${GUYTON} Chapter: Heart Valves and Heart Sounds; Valvular and Congenital Heart Defects.`,
      ],
      path: ['Physiology', 'Cardiovascular', 'Cardiac cycle and valves'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Pressure-volume loop without isovolumetric relaxation',
      stem: '<p>A 49-year-old man with a dilated aortic root undergoes cardiac catheterization. His left ventricular pressure–volume loop (shown) is shifted far to the right: end-diastolic volume and stroke volume are markedly increased, peak systolic pressure is raised, and there is no true isovolumetric relaxation phase, because ventricular volume starts to rise as soon as ventricular pressure begins to fall.</p><p>Which of the following valvular lesions is most likely?</p>',
      choices: [
        'Aortic regurgitation',
        'Aortic stenosis',
        'Mitral regurgitation',
        'Mitral stenosis',
        'Pulmonic stenosis',
      ],
      correct: 0,
      explanation:
        '<p>In <strong>aortic regurgitation</strong> blood flows back from the aorta into the ventricle as soon as the ventricle starts to relax, so there is no isovolumetric relaxation, and the chronic volume load produces a large end-diastolic volume and stroke volume. Mitral regurgitation instead removes isovolumetric <em>contraction</em>, because the ventricle ejects into the atrium before the aortic valve opens. Aortic stenosis gives a tall, narrow loop with a normal or small stroke volume, and mitral stenosis a small loop with reduced filling. Pulmonic stenosis loads the right ventricle and leaves the left ventricular loop largely unchanged.</p>',
      references: [`${COSTANZO} Chapter 4: Cardiovascular Physiology (ventricular pressure–volume loops).`],
      path: ['Physiology', 'Cardiovascular', 'Cardiac cycle and valves'],
      status: 'PUBLISHED',
      author: 'admin',
      image: 'diagram',
    },
    // Physiology › Cardiovascular › Hemodynamics and regulation
    {
      name: 'Halving the radius of a renal artery',
      stem: '<p>A 61-year-old man has an atherosclerotic plaque that reduces the internal radius of a segment of his left renal artery to one half of its normal value. Assume laminar flow and that blood viscosity and segment length are unchanged.</p><p>By what factor has the resistance of this segment changed?</p>',
      choices: [
        'Increased 2-fold',
        'Increased 4-fold',
        'Increased 8-fold',
        'Increased 16-fold',
        'Increased 32-fold',
      ],
      correct: 3,
      explanation:
        "<p>By Poiseuille's law, resistance = 8ηl / (πr<sup>4</sup>), so resistance varies inversely with the <strong>fourth power of the radius</strong>: halving the radius raises resistance 2<sup>4</sup> = 16-fold. A 4-fold change would apply if resistance depended on cross-sectional area (r<sup>2</sup>), and 2-, 8- and 32-fold correspond to first, third and fifth powers, none of which describes laminar flow in a tube.</p>",
      references: [
        `${GUYTON} Chapter: Overview of the Circulation; Biophysics of Pressure, Flow, and Resistance.`,
      ],
      path: ['Physiology', 'Cardiovascular', 'Hemodynamics and regulation'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Carotid sinus massage for SVT',
      stem: '<p>A 26-year-old woman comes to the emergency department with palpitations. Her pulse is 190/min and regular and her blood pressure is 118/76 mm Hg. The ECG shows a narrow-complex tachycardia. The physician massages the right carotid sinus for 5 seconds, and the rhythm abruptly converts to sinus rhythm at 78/min.</p><p>Which nerve carries the afferent limb of the reflex responsible for this conversion?</p>',
      choices: [
        'Glossopharyngeal nerve',
        'Vagus nerve',
        'Phrenic nerve',
        'Hypoglossal nerve',
        'Cervical sympathetic chain',
      ],
      correct: 0,
      explanation:
        '<p>Carotid sinus baroreceptors send impulses through the sinus nerve of Hering, a branch of the <strong>glossopharyngeal nerve</strong>, to the nucleus tractus solitarius; massage mimics a rise in pressure and increases vagal output, which slows AV nodal conduction and ends the reentry. The vagus nerve is the efferent limb here (it carries afferents from the aortic arch, not the carotid sinus). The phrenic and hypoglossal nerves are motor nerves, and sympathetic outflow is withdrawn rather than used as the afferent signal.</p>',
      references: [
        `${GUYTON} Chapter: Nervous Regulation of the Circulation and Rapid Control of Arterial Pressure.`,
      ],
      path: ['Physiology', 'Cardiovascular', 'Hemodynamics and regulation'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Baroreceptor response to hemorrhage',
      stem: '<p>A 31-year-old man is brought to the emergency department after a stab wound to the thigh; an estimated 1.5 L of blood has been lost. His pulse is 124/min and blood pressure is 88/60 mm Hg. His skin is cool and pale.</p><p>Which of the following is most likely part of his compensatory response?</p>',
      choices: [
        'Decreased firing of carotid sinus baroreceptors',
        'Increased firing of carotid sinus baroreceptors',
        'Decreased plasma renin activity',
        'Decreased secretion of antidiuretic hormone',
        'Increased secretion of atrial natriuretic peptide',
      ],
      correct: 0,
      explanation:
        '<p>The fall in arterial pressure reduces stretch of the carotid sinus, so the baroreceptors <strong>fire less</strong>; the vasomotor center is disinhibited and sympathetic outflow raises heart rate, contractility and arteriolar tone (hence the cool skin). Renin and antidiuretic hormone secretion both increase to restore volume and pressure. Atrial natriuretic peptide falls because the atria are less distended.</p>',
      references: [`${COSTANZO} Chapter 4: Cardiovascular Physiology (regulation of arterial pressure).`],
      path: ['Physiology', 'Cardiovascular', 'Hemodynamics and regulation'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Physiology › Cardiovascular › Cardiac electrophysiology
    {
      name: 'Short PR interval and delta wave',
      stem: '<p>A 19-year-old college athlete comes for a preparticipation examination. He has had several episodes of sudden palpitations that stopped on their own. His resting ECG (shown) has a PR interval of 0.09 seconds, a slurred upstroke at the start of the QRS complex, and a QRS duration of 0.13 seconds.</p><p>Which of the following best explains these findings?</p>',
      choices: [
        'Block of the right bundle branch',
        'Delayed conduction through the atrioventricular node',
        'Prolonged ventricular repolarization from a potassium channel defect',
        'Reentry circuit confined to the atrioventricular node',
        'Accessory pathway conducting directly from the atria to the ventricles',
      ],
      correct: 4,
      explanation:
        '<p>An <strong>accessory pathway</strong> (bundle of Kent) bypasses the normal delay in the AV node, so the PR interval is short and part of the ventricle is activated early, producing the delta wave and a wide QRS: the Wolff–Parkinson–White pattern. Delayed AV nodal conduction lengthens the PR interval. AV nodal reentry causes episodes of tachycardia but a normal resting ECG. Right bundle branch block widens the QRS without shortening the PR interval, and potassium channel defects prolong the QT interval.</p>',
      references: [`${GUYTON} Chapter: Cardiac Arrhythmias and Their Electrocardiographic Interpretation.`],
      path: ['Physiology', 'Cardiovascular', 'Cardiac electrophysiology'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
      image: 'ecg',
    },
    {
      name: 'Drug that shortens the plateau phase',
      stem: '<p>In a study of isolated human ventricular myocytes, an investigational compound shortens phase 2 of the action potential and markedly reduces the force of contraction. The resting membrane potential and the maximal rate of rise of phase 0 are unchanged.</p><p>The compound most likely blocks which of the following?</p>',
      choices: [
        'L-type voltage-gated calcium channels',
        'Voltage-gated fast sodium channels',
        'Inward rectifier potassium channels',
        'HCN (funny current) channels',
        'Ryanodine receptors of the sarcoplasmic reticulum',
      ],
      correct: 0,
      explanation:
        '<p>The plateau (phase 2) is maintained by inward calcium current through <strong>L-type calcium channels</strong>, balanced by outward potassium current; that calcium also triggers calcium-induced calcium release, so blocking it shortens the plateau and weakens contraction. Fast sodium channel blockade would slow phase 0, and inward rectifier blockade would depolarize the resting membrane. HCN channels drive phase 4 in pacemaker cells, not ventricular myocytes. Ryanodine receptor blockade would weaken contraction without directly shortening the sarcolemmal plateau.</p>',
      references: [
        `${KATZUNG} Chapter: Agents Used in Cardiac Arrhythmias.`,
        `${COSTANZO} Chapter 4: Cardiovascular Physiology.`,
      ],
      path: ['Physiology', 'Cardiovascular', 'Cardiac electrophysiology'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Slowing the sinus node without negative inotropy',
      stem: '<p>A 63-year-old man with heart failure with reduced ejection fraction (ejection fraction 30%) takes the highest tolerated dose of metoprolol. His resting sinus rate is still 82/min. A drug is added that lowers his heart rate by reducing the slope of phase 4 depolarization in the sinoatrial node, without changing myocardial contractility or blood pressure.</p><p>This drug most likely inhibits which of the following currents?</p>',
      choices: [
        'L-type calcium current',
        'Funny sodium current through HCN channels',
        'Delayed rectifier potassium current',
        'Fast sodium current',
        'Acetylcholine-activated potassium current',
      ],
      correct: 1,
      explanation:
        '<p>Ivabradine blocks the <strong>funny current</strong> (I<sub>f</sub>) carried through HCN channels, flattening diastolic depolarization in the sinoatrial node and slowing the rate without negative inotropy. L-type calcium channel blockers also slow the node but depress contractility and lower blood pressure. Delayed rectifier blockers (class III) prolong repolarization, and fast sodium channel blockers act on conduction in working myocardium. Inhibiting the acetylcholine-activated potassium current would oppose vagal slowing and <em>raise</em> the heart rate.</p>',
      references: [`${KATZUNG} Chapter: Drugs Used in Heart Failure.`],
      path: ['Physiology', 'Cardiovascular', 'Cardiac electrophysiology'],
      status: 'SUBMITTED',
      author: 'admin',
    },
    // Physiology › Renal › Acid-base balance
    {
      name: 'Persistent vomiting and a high bicarbonate',
      stem: '<p>A 24-year-old woman is evaluated for weakness after 4 days of repeated vomiting from gastroenteritis. She appears dehydrated. Laboratory studies:</p><table><thead><tr><th>Test</th><th>Result</th></tr></thead><tbody><tr><td>Arterial pH</td><td>7.52</td></tr><tr><td>PaCO<sub>2</sub></td><td>48 mm Hg</td></tr><tr><td>HCO<sub>3</sub><sup>−</sup></td><td>38 mEq/L</td></tr><tr><td>Na<sup>+</sup></td><td>136 mEq/L</td></tr><tr><td>K<sup>+</sup></td><td>2.9 mEq/L</td></tr><tr><td>Cl<sup>−</sup></td><td>84 mEq/L</td></tr></tbody></table><p>Which of the following best describes her acid–base status?</p>',
      choices: [
        'Respiratory acidosis with metabolic compensation',
        'Metabolic alkalosis with a superimposed respiratory acidosis',
        'Respiratory alkalosis with metabolic compensation',
        'Metabolic alkalosis with appropriate respiratory compensation',
        'Metabolic alkalosis with a superimposed respiratory alkalosis',
      ],
      correct: 3,
      explanation:
        '<p>The high pH with a high bicarbonate is a <strong>metabolic alkalosis</strong> from loss of gastric HCl, kept going by volume contraction and aldosterone, which also wastes potassium. The expected PaCO<sub>2</sub> is 0.7 × 38 + 21 ≈ 48 mm Hg, exactly what she has, so compensation is appropriate and there is no second respiratory disorder. A primary respiratory acidosis would lower the pH, and a primary respiratory alkalosis would lower the PaCO<sub>2</sub>.</p>',
      references: [`${COSTANZO} Chapter 7: Acid–Base Physiology.`],
      path: ['Physiology', 'Renal', 'Acid-base balance'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Missed insulin and deep rapid breathing',
      stem: '<p>A 17-year-old boy with type 1 diabetes mellitus has had abdominal pain and vomiting for 2 days after missing several insulin doses. He is breathing deeply and rapidly. Laboratory studies:</p><table><thead><tr><th>Test</th><th>Result</th></tr></thead><tbody><tr><td>Glucose</td><td>520 mg/dL</td></tr><tr><td>Na<sup>+</sup></td><td>134 mEq/L</td></tr><tr><td>Cl<sup>−</sup></td><td>98 mEq/L</td></tr><tr><td>HCO<sub>3</sub><sup>−</sup></td><td>8 mEq/L</td></tr><tr><td>Arterial pH</td><td>7.18</td></tr><tr><td>PaCO<sub>2</sub></td><td>20 mm Hg</td></tr></tbody></table><p>Which of the following best describes his acid–base status?</p>',
      choices: [
        'High anion gap metabolic acidosis with appropriate respiratory compensation',
        'Normal anion gap metabolic acidosis with appropriate respiratory compensation',
        'High anion gap metabolic acidosis with a superimposed respiratory acidosis',
        'High anion gap metabolic acidosis with a superimposed respiratory alkalosis',
        'Respiratory acidosis with metabolic compensation',
      ],
      correct: 0,
      explanation:
        "<p>The anion gap is 134 − (98 + 8) = 28 mEq/L, a <strong>high anion gap metabolic acidosis</strong> from ketoacids. Winter's formula predicts a PaCO<sub>2</sub> of 1.5 × 8 + 8 = 20 ± 2 mm Hg, which matches, so the Kussmaul breathing is appropriate compensation. A PaCO<sub>2</sub> above 22 would mean a superimposed respiratory acidosis and one below 18 a superimposed respiratory alkalosis. A primary respiratory acidosis would require a raised PaCO<sub>2</sub>.</p>",
      references: [
        `${COSTANZO} Chapter 7: Acid–Base Physiology.`,
        'Umpierrez GE, et al. Hyperglycemic Crises in Adults With Diabetes: A Consensus Report. Diabetes Care, 2024.',
      ],
      path: ['Physiology', 'Renal', 'Acid-base balance'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: "Urine anion gap after traveler's diarrhea",
      stem: '<p>A 45-year-old man has had profuse watery diarrhea for a week after returning from travel abroad. Serum studies show Na<sup>+</sup> 138 mEq/L, Cl<sup>−</sup> 114 mEq/L, HCO<sub>3</sub><sup>−</sup> 14 mEq/L and K<sup>+</sup> 3.1 mEq/L. Arterial pH is 7.29 and PaCO<sub>2</sub> is 29 mm Hg.</p><p>Which urinary finding best reflects an appropriate renal response to his acid–base disorder?</p>',
      choices: [
        'Urine pH above 7.0',
        'High urine bicarbonate concentration',
        'Negative urine anion gap from increased ammonium excretion',
        'Positive urine anion gap from impaired ammonium excretion',
        'Very low urine chloride concentration',
      ],
      correct: 2,
      explanation:
        '<p>Diarrhea causes a normal anion gap (hyperchloremic) metabolic acidosis; the kidneys respond by excreting acid as <strong>ammonium chloride</strong>, so urine chloride exceeds sodium plus potassium and the urine anion gap is <strong>negative</strong>. A positive urine anion gap points to a renal cause such as distal renal tubular acidosis. Bicarbonaturia is a feature of proximal renal tubular acidosis, and an alkaline urine pH above 7 would be unexpected during appropriate acid excretion. Urine chloride is high, not low, because it accompanies the ammonium.</p>',
      references: [`${COSTANZO} Chapter 7: Acid–Base Physiology (renal excretion of H+ as NH4+).`],
      path: ['Physiology', 'Renal', 'Acid-base balance'],
      status: 'SUBMITTED',
      author: 'writer',
      reviewComment:
        "Resubmitted after review. Earlier version asked about 'the most likely diagnosis'; please keep the new focus on the renal response, and the explanation now also says why urine chloride is high.",
    },
    // Physiology › Renal › Glomerular filtration and tubular transport
    {
      name: 'ACE inhibitor with bilateral renal artery stenosis',
      stem: '<p>A 68-year-old man with hypertension and peripheral arterial disease starts lisinopril. Two weeks later his serum creatinine has risen from 1.1 to 2.0 mg/dL. Duplex ultrasonography shows severe stenosis of both renal arteries.</p><p>Which of the following most directly explains the fall in his glomerular filtration rate?</p>',
      choices: [
        'Dilation of the efferent arterioles',
        'Constriction of the afferent arterioles',
        'Increased oncotic pressure in the glomerular capillaries',
        'Increased hydrostatic pressure in Bowman space',
        'Decreased permeability of the glomerular basement membrane',
      ],
      correct: 0,
      explanation:
        '<p>With reduced renal perfusion, glomerular capillary pressure is held up by angiotensin II constricting the <strong>efferent arteriole</strong>. An ACE inhibitor removes that tone, the efferent arteriole dilates, glomerular hydrostatic pressure falls and GFR drops. ACE inhibitors do not constrict the afferent arteriole (NSAIDs do so by blocking vasodilatory prostaglandins). Plasma oncotic pressure and basement membrane permeability are unchanged, and Bowman space pressure rises only with urinary obstruction.</p>',
      references: [`${GUYTON} Chapter: Glomerular Filtration, Renal Blood Flow, and Their Control.`],
      path: ['Physiology', 'Renal', 'Glomerular filtration and tubular transport'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Inulin clearance in a volunteer',
      stem: "<p>A healthy 30-year-old volunteer receives a constant intravenous infusion of inulin. At steady state the following are measured:</p><ul><li>Urine inulin concentration: 30 mg/mL</li><li>Plasma inulin concentration: 0.5 mg/mL</li><li>Urine flow rate: 2 mL/min</li></ul><p>Which of the following is closest to this volunteer's glomerular filtration rate?</p>",
      choices: ['7.5 mL/min', '30 mL/min', '60 mL/min', '120 mL/min', '240 mL/min'],
      correct: 3,
      explanation:
        '<p>Inulin is freely filtered and neither reabsorbed nor secreted, so its clearance equals GFR: C = (U × V) / P = (30 mg/mL × 2 mL/min) / 0.5 mg/mL = <strong>120 mL/min</strong>. The value 60 is the excretion rate (U × V, in mg/min) mistaken for a clearance. The other values come from inverting the ratio or mishandling the units.</p>',
      references: [`${COSTANZO} Chapter 6: Renal Physiology (clearance and GFR).`],
      path: ['Physiology', 'Renal', 'Glomerular filtration and tubular transport'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Hypokalemic alkalosis with hypercalciuria',
      stem: '<p>A 9-year-old boy is evaluated for short stature, polyuria and muscle cramps. His blood pressure is normal for age. Serum K<sup>+</sup> is 2.8 mEq/L and HCO<sub>3</sub><sup>−</sup> is 32 mEq/L. Plasma renin and aldosterone are elevated, and urinary calcium excretion is increased. He takes no medications.</p><p>A defect in which transporter is most likely?</p>',
      choices: [
        'Na+-Cl− cotransporter of the distal convoluted tubule',
        'Na+-K+-2Cl− cotransporter of the thick ascending limb',
        'Epithelial sodium channel of the collecting duct',
        'Na+-H+ exchanger of the proximal tubule',
        'Aquaporin-2 of the collecting duct',
      ],
      correct: 1,
      explanation:
        '<p><strong>Bartter syndrome</strong> mimics a loop diuretic: loss of NKCC2 function in the thick ascending limb causes salt wasting, secondary hyperaldosteronism and hypokalemic alkalosis, and the loss of the lumen-positive potential reduces paracellular calcium reabsorption, causing hypercalciuria. A defective Na<sup>+</sup>-Cl<sup>−</sup> cotransporter (Gitelman syndrome) mimics a thiazide, with <em>low</em> urinary calcium and low magnesium. Gain-of-function ENaC mutations (Liddle syndrome) cause hypertension with suppressed renin. Proximal Na<sup>+</sup>-H<sup>+</sup> exchanger defects waste bicarbonate, and aquaporin-2 defects cause nephrogenic diabetes insipidus without this electrolyte pattern.</p>',
      references: [`${ROBBINS} Chapter: The Kidney.`, `${COSTANZO} Chapter 6: Renal Physiology.`],
      path: ['Physiology', 'Renal', 'Glomerular filtration and tubular transport'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Physiology › Respiratory › Ventilation and gas exchange
    {
      name: 'Hypoxemia with a normal A-a gradient',
      stem: '<p>A 23-year-old man is found unresponsive in a park at sea level. His respiratory rate is 6/min and his pupils are pinpoint. Arterial blood gas on room air shows pH 7.14, PaO<sub>2</sub> 50 mm Hg and PaCO<sub>2</sub> 80 mm Hg.</p><p>Which of the following best explains his hypoxemia?</p>',
      choices: [
        'Diffusion limitation across the alveolar membrane',
        'Right-to-left intrapulmonary shunt',
        'Ventilation-perfusion mismatch',
        'Alveolar hypoventilation',
        'Reduced fraction of inspired oxygen',
      ],
      correct: 3,
      explanation:
        '<p>Alveolar PO<sub>2</sub> = 0.21 × (760 − 47) − 80/0.8 ≈ 150 − 100 = 50 mm Hg, the same as his arterial PO<sub>2</sub>, so the A–a gradient is normal and the hypoxemia is due to <strong>hypoventilation</strong> from opioid-induced respiratory depression. Diffusion limitation, shunt and V/Q mismatch all widen the A–a gradient. A low inspired oxygen fraction also keeps the gradient normal, but he is breathing room air at sea level, and it would lower rather than raise the PaCO<sub>2</sub>.</p>',
      references: [`${WEST} Chapter: Ventilation-Perfusion Relationships (causes of hypoxemia).`],
      path: ['Physiology', 'Respiratory', 'Ventilation and gas exchange'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Why tuberculosis reactivates in the apex',
      stem: '<p>A 58-year-old man who never completed treatment for latent tuberculosis develops a productive cough and night sweats. Chest imaging shows a cavity in the apical segment of the right upper lobe.</p><p>Compared with the lung bases, the apices of an upright person have which of the following?</p>',
      choices: [
        'Higher ventilation-perfusion ratio',
        'Higher blood flow per unit lung volume',
        'Higher ventilation per unit lung volume',
        'Lower alveolar PO2',
        'Higher alveolar PCO2',
      ],
      correct: 0,
      explanation:
        '<p>In the upright lung both ventilation and perfusion are lower at the apex than at the base, but perfusion falls much more, so the apex has the <strong>highest V/Q ratio</strong>. The apical alveoli therefore have a higher PO<sub>2</sub> and a lower PCO<sub>2</sub>, an environment that favors the strictly aerobic <em>Mycobacterium tuberculosis</em>. The bases receive more blood flow and more ventilation per unit volume.</p>',
      references: [`${WEST} Chapter: Ventilation-Perfusion Relationships.`],
      path: ['Physiology', 'Respiratory', 'Ventilation and gas exchange'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Velcro crackles and a restrictive pattern',
      stem: '<p>A 64-year-old man has had progressive exertional dyspnea and a dry cough for a year. He has fine bibasilar inspiratory crackles and digital clubbing. Pulmonary function tests:</p><table><thead><tr><th>Test</th><th>Result (% predicted)</th></tr></thead><tbody><tr><td>FVC</td><td>58%</td></tr><tr><td>FEV<sub>1</sub></td><td>64%</td></tr><tr><td>FEV<sub>1</sub>/FVC ratio</td><td>0.88</td></tr><tr><td>Total lung capacity</td><td>60%</td></tr><tr><td>DL<sub>CO</sub></td><td>42%</td></tr></tbody></table><p>Compared with a healthy person, which of the following is most likely increased in this patient?</p>',
      choices: [
        'Lung compliance',
        'Residual volume',
        'Functional residual capacity',
        'Airway resistance',
        'Lung elastic recoil',
      ],
      correct: 4,
      explanation:
        '<p>In <strong>idiopathic pulmonary fibrosis</strong> the interstitium is stiff, so compliance falls and <strong>elastic recoil rises</strong>, pulling lung volumes down. TLC, FRC and residual volume are all reduced. Increased radial traction holds the airways open, so airway resistance is normal or low and the FEV<sub>1</sub>/FVC ratio is normal or high.</p>',
      references: [`${WEST} Chapter: Mechanics of Breathing.`],
      path: ['Physiology', 'Respiratory', 'Ventilation and gas exchange'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "Content is right, but the table needs units for FEV1/FVC (a ratio, not % predicted) and the stem should give his smoking history: reviewers argued 'airway resistance' could be defended in a smoker with coexisting COPD. Also explain the low DLCO in one sentence.",
    },
    // Physiology › Respiratory › Control of breathing
    {
      name: 'First hours at high altitude',
      stem: '<p>A healthy 30-year-old woman flies from sea level to La Paz, Bolivia (3,600 m). Within hours of arrival her minute ventilation has increased.</p><p>Which of the following receptors initiates this increase in ventilation?</p>',
      choices: [
        'Central chemoreceptors on the ventral surface of the medulla',
        'Carotid body glomus cells',
        'Pulmonary stretch receptors',
        'Juxtacapillary (J) receptors',
        'Aortic arch baroreceptors',
      ],
      correct: 1,
      explanation:
        '<p>A fall in arterial PO<sub>2</sub> is sensed only by the peripheral chemoreceptors, chiefly the <strong>carotid bodies</strong>, whose glomus cells depolarize when oxygen-sensitive potassium channels close and signal through the glossopharyngeal nerve. Central chemoreceptors respond to CSF H<sup>+</sup> generated from CO<sub>2</sub>; the resulting hypocapnia actually restrains ventilation at first. Stretch receptors mediate the Hering–Breuer reflex, J receptors respond to interstitial edema, and baroreceptors respond to blood pressure.</p>',
      references: [`${WEST} Chapter: Control of Ventilation.`],
      path: ['Physiology', 'Respiratory', 'Control of breathing'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Acclimatization on a Himalayan trek',
      stem: '<p>A 35-year-old man has been trekking in Nepal for 4 days and is now sleeping at 4,200 m. He feels well and has no headache.</p><p>Compared with his values at sea level, which of the following is most likely present now?</p>',
      choices: [
        'Decreased erythrocyte 2,3-bisphosphoglycerate',
        'Increased arterial PCO2',
        'Pulmonary arteriolar vasodilation',
        'Decreased erythropoietin secretion',
        'Increased renal excretion of bicarbonate',
      ],
      correct: 4,
      explanation:
        '<p>Hypoxic hyperventilation lowers PaCO<sub>2</sub> and causes a respiratory alkalosis; over several days the kidneys compensate by <strong>excreting bicarbonate</strong>, which lets ventilation rise further. Red cell 2,3-BPG increases, shifting the oxygen dissociation curve to the right. Alveolar hypoxia constricts pulmonary arterioles, and erythropoietin secretion rises.</p>',
      references: [`${WEST} Chapter: Respiratory System Under Stress (high altitude).`],
      path: ['Physiology', 'Respiratory', 'Control of breathing'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Pharmacology › Autonomic drugs › Cholinergic agents
    {
      name: 'Crop sprayer with pinpoint pupils',
      stem: '<p>A 42-year-old farm worker is brought to the emergency department 1 hour after spraying crops without protective equipment. He has excessive salivation and tearing, vomiting, diarrhea, wheezing with copious bronchial secretions and pinpoint pupils. His pulse is 48/min, and there are fasciculations over his chest and thighs. Atropine is given.</p><p>Which additional drug can restore the inhibited enzyme and improve his muscle weakness?</p>',
      choices: ['Physostigmine', 'Glycopyrrolate', 'Neostigmine', 'Pralidoxime', 'Edrophonium'],
      correct: 3,
      explanation:
        '<p>Organophosphates phosphorylate acetylcholinesterase. <strong>Pralidoxime</strong> removes the phosphate group and regenerates the enzyme if given before the bond “ages,” reversing nicotinic effects such as fasciculations and weakness, which atropine does not treat. Physostigmine, neostigmine and edrophonium are themselves cholinesterase inhibitors and would worsen toxicity. Glycopyrrolate, like atropine, blocks only muscarinic receptors.</p>',
      references: [
        `${KATZUNG} Chapter: Cholinoceptor-Activating & Cholinesterase-Inhibiting Drugs.`,
        `${GOLDFRANK} Chapter: Insecticides: Organic Phosphorus Compounds and Carbamates.`,
      ],
      path: ['Pharmacology', 'Autonomic drugs', 'Cholinergic agents'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Urinary retention after hysterectomy',
      stem: '<p>A 70-year-old woman has not voided for 10 hours after an abdominal hysterectomy. Bladder ultrasonography shows 700 mL of urine. A catheter passes easily and drains clear urine, and there is no evidence of urethral obstruction. The team wants a drug that directly increases detrusor contraction.</p><p>Which of the following is most appropriate?</p>',
      choices: ['Bethanechol', 'Oxybutynin', 'Ipratropium', 'Phenylephrine', 'Pancuronium'],
      correct: 0,
      explanation:
        '<p><strong>Bethanechol</strong> is a choline ester resistant to cholinesterase that stimulates M<sub>3</sub> receptors on the detrusor, with little nicotinic action; it is used for nonobstructive urinary retention. Oxybutynin and ipratropium are muscarinic antagonists and would worsen retention. Phenylephrine constricts the bladder neck through α<sub>1</sub> receptors, and pancuronium blocks nicotinic receptors at the neuromuscular junction.</p>',
      references: [`${KATZUNG} Chapter: Cholinoceptor-Activating & Cholinesterase-Inhibiting Drugs.`],
      path: ['Pharmacology', 'Autonomic drugs', 'Cholinergic agents'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Delirium after an antihistamine overdose',
      stem: '<p>A 16-year-old girl is brought to the emergency department after taking a large number of diphenhydramine tablets. Her temperature is 39.0°C (102.2°F) and pulse 134/min. Her pupils are dilated and poorly reactive, her skin is dry and flushed, bowel sounds are absent, and her bladder is distended. She is agitated and picks at things that are not there. The QRS duration is normal.</p><p>Which of the following is the most appropriate antidote for her delirium?</p>',
      choices: ['Neostigmine', 'Pyridostigmine', 'Physostigmine', 'Flumazenil', 'Naloxone'],
      correct: 2,
      explanation:
        '<p>This is the <strong>antimuscarinic toxidrome</strong>. <strong>Physostigmine</strong> is a tertiary amine cholinesterase inhibitor that crosses the blood–brain barrier and reverses central as well as peripheral effects; it is avoided when the QRS is widened. Neostigmine and pyridostigmine are quaternary and do not reach the brain. Flumazenil reverses benzodiazepines and naloxone reverses opioids, neither of which explains this picture.</p>',
      references: [`${GOLDFRANK} Chapter: Antihistamines and Decongestants.`],
      path: ['Pharmacology', 'Autonomic drugs', 'Cholinergic agents'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Pharmacology › Autonomic drugs › Adrenergic agents
    {
      name: 'Epinephrine after alpha blockade',
      stem: '<p>In a laboratory experiment, an anesthetized dog receives an intravenous bolus of epinephrine, and mean arterial pressure rises by 30 mm Hg. After the dog is given phenoxybenzamine, the same dose of epinephrine is repeated.</p><p>Which change in mean arterial pressure is most likely after the second dose?</p>',
      choices: [
        'A larger increase than before',
        'The same increase as before',
        'A decrease',
        'No change in pressure or heart rate',
        'An increase accompanied by a fall in heart rate',
      ],
      correct: 2,
      explanation:
        "<p>Phenoxybenzamine irreversibly blocks α receptors, so epinephrine's vasoconstriction is removed and its <strong>β<sub>2</sub>-mediated vasodilation</strong> in skeletal muscle dominates: arterial pressure now falls (“epinephrine reversal”). Heart rate still rises through β<sub>1</sub> stimulation and the baroreflex. The pressor response cannot be larger or unchanged once α receptors are blocked.</p>",
      references: [`${KATZUNG} Chapter: Adrenoceptor Antagonist Drugs.`],
      path: ['Pharmacology', 'Autonomic drugs', 'Adrenergic agents'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Preparing a pheochromocytoma for surgery',
      stem: '<p>A 38-year-old woman has episodes of pounding headache, sweating and palpitations. Her blood pressure is 182/108 mm Hg. Plasma free metanephrines are markedly elevated, and CT shows a 4-cm right adrenal mass. Adrenalectomy is planned.</p><p>Which drug should be started first?</p>',
      choices: ['Propranolol', 'Labetalol', 'Hydrochlorothiazide', 'Phenoxybenzamine', 'Clonidine'],
      correct: 3,
      explanation:
        '<p>An α blocker such as <strong>phenoxybenzamine</strong> is started 1–2 weeks before surgery, with liberal salt and fluid intake, and a β blocker is added only afterwards. Starting with a β blocker such as propranolol leaves α-mediated vasoconstriction unopposed and can precipitate a hypertensive crisis; labetalol blocks β more than α and is not used alone first. A diuretic worsens the volume contraction these patients already have, and clonidine cannot suppress catecholamines released autonomously by the tumor.</p>',
      references: [
        `${KATZUNG} Chapter: Adrenoceptor Antagonist Drugs.`,
        'Endocrine Society Clinical Practice Guideline: Pheochromocytoma and Paraganglioma (2014).',
      ],
      path: ['Pharmacology', 'Autonomic drugs', 'Adrenergic agents'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Pharmacology › Antimicrobials › Antibacterial agents
    {
      name: 'Enterococcus that grows through vancomycin',
      stem: '<p>A 67-year-old woman in the intensive care unit has <em>Enterococcus faecium</em> bacteremia. The isolate continues to grow in the presence of high concentrations of vancomycin.</p><p>Which of the following is the most likely mechanism of resistance?</p>',
      choices: [
        'Replacement of terminal D-Ala-D-Ala with D-Ala-D-Lac',
        'Production of a β-lactamase',
        'Altered penicillin-binding protein 2a',
        'An efflux pump that expels the drug',
        'Methylation of 23S ribosomal RNA',
      ],
      correct: 0,
      explanation:
        '<p>Vancomycin binds the <strong>D-Ala-D-Ala</strong> terminus of peptidoglycan precursors; the <em>vanA</em> and <em>vanB</em> gene clusters make the bacterium build D-Ala-D-Lac instead, which vancomycin binds about 1,000 times less well. β-Lactamases and PBP2a confer resistance to β-lactams (PBP2a in MRSA). Efflux pumps are typical of tetracycline and macrolide resistance, and 23S rRNA methylation confers resistance to macrolides, lincosamides and streptogramins.</p>',
      references: [`${KATZUNG} Chapter: Beta-Lactam & Other Cell Wall- & Membrane-Active Antibiotics.`],
      path: ['Pharmacology', 'Antimicrobials', 'Antibacterial agents'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Tinnitus during endocarditis treatment',
      stem: '<p>A 72-year-old man is being treated with ampicillin and gentamicin for enterococcal endocarditis. On day 10 he reports ringing in his ears, reduced hearing and unsteadiness when walking. His serum creatinine has risen from 0.9 to 1.6 mg/dL.</p><p>Which of the following is the antibacterial mechanism of the drug most likely responsible?</p>',
      choices: [
        'Binding to the 50S subunit to block peptidyl transferase',
        'Binding to the 30S subunit to cause misreading of mRNA',
        'Inhibition of DNA gyrase',
        'Inhibition of cell wall transpeptidation',
        'Inhibition of dihydrofolate reductase',
      ],
      correct: 1,
      explanation:
        '<p>Gentamicin, an <strong>aminoglycoside</strong>, binds the 30S ribosomal subunit, blocks the initiation complex and causes misreading of mRNA; its main toxicities are ototoxicity (cochlear and vestibular) and nephrotoxicity. Chloramphenicol blocks peptidyl transferase on the 50S subunit, fluoroquinolones inhibit DNA gyrase, β-lactams such as ampicillin inhibit transpeptidation, and trimethoprim inhibits dihydrofolate reductase.</p>',
      references: [`${KATZUNG} Chapter: Aminoglycosides & Spectinomycin.`],
      path: ['Pharmacology', 'Antimicrobials', 'Antibacterial agents'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Heel pain during treatment for pyelonephritis',
      stem: '<p>A 71-year-old man who takes prednisone for polymyalgia rheumatica is treated with an oral antibiotic for pyelonephritis. Five days later he feels a sudden snap and pain at the back of his right heel while climbing stairs. There is a palpable gap above the calcaneus, and the Thompson test is positive.</p><p>Which of the following is the mechanism of action of the antibiotic most likely responsible?</p>',
      choices: [
        'Binding to the 30S ribosomal subunit',
        'Inhibition of peptidoglycan cross-linking',
        'Inhibition of DNA-dependent RNA polymerase',
        'Formation of toxic intermediates after intracellular reduction',
        'Inhibition of DNA gyrase and topoisomerase IV',
      ],
      correct: 4,
      explanation:
        '<p><strong>Fluoroquinolones</strong> such as ciprofloxacin inhibit DNA gyrase and topoisomerase IV, and they carry a boxed warning for tendinitis and Achilles tendon rupture, especially in people over 60 and those taking corticosteroids. Aminoglycosides bind the 30S subunit, β-lactams block cross-linking, rifampin inhibits RNA polymerase, and nitrofurantoin and metronidazole act through reduced toxic intermediates; none is strongly linked to tendon rupture.</p>',
      references: [`${KATZUNG} Chapter: Sulfonamides, Trimethoprim, & Quinolones.`],
      path: ['Pharmacology', 'Antimicrobials', 'Antibacterial agents'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Pharmacology › Antimicrobials › Antiviral and antifungal agents
    {
      name: 'Genital herpes that does not respond to acyclovir',
      stem: '<p>A 34-year-old man with advanced HIV infection (CD4+ count 40/mm<sup>3</sup>) has painful genital ulcers. PCR of a swab is positive for herpes simplex virus type 2. The lesions have not improved after a full course of oral acyclovir taken as directed.</p><p>Which of the following is the most likely mechanism of resistance?</p>',
      choices: [
        'Mutation in viral neuraminidase',
        'Loss of UL97 kinase activity',
        'Mutation in viral protease',
        'Increased efflux of the drug from host cells',
        'Mutation in viral thymidine kinase',
      ],
      correct: 4,
      explanation:
        '<p>Acyclovir must first be monophosphorylated by the <strong>viral thymidine kinase</strong>; most resistant HSV isolates lack or have altered thymidine kinase, and are treated with foscarnet, which does not need activation. UL97 is the cytomegalovirus kinase that activates ganciclovir. Neuraminidase mutations confer oseltamivir resistance in influenza, and protease mutations affect HIV protease inhibitors. Host efflux is not a recognized cause of acyclovir failure.</p>',
      references: [`${KATZUNG} Chapter: Antiviral Agents.`],
      path: ['Pharmacology', 'Antimicrobials', 'Antiviral and antifungal agents'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Hypokalemia during cryptococcal induction therapy',
      stem: '<p>A 29-year-old woman with AIDS and cryptococcal meningitis is treated with intravenous amphotericin B and oral flucytosine. On day 6 her serum K<sup>+</sup> is 2.9 mEq/L, Mg<sup>2+</sup> is 1.3 mg/dL and creatinine has risen from 0.7 to 1.4 mg/dL.</p><p>Which of the following is the antifungal mechanism of the drug most likely causing these abnormalities?</p>',
      choices: [
        'Binding to ergosterol to form membrane pores',
        'Inhibition of lanosterol 14α-demethylase',
        'Inhibition of β-1,3-glucan synthase',
        'Inhibition of squalene epoxidase',
        'Conversion to 5-fluorouracil within fungal cells',
      ],
      correct: 0,
      explanation:
        '<p><strong>Amphotericin B</strong> binds ergosterol and forms pores in the fungal membrane; it also binds cholesterol in human renal tubular cells, causing nephrotoxicity with potassium and magnesium wasting. Azoles inhibit 14α-demethylase, echinocandins inhibit glucan synthase, and terbinafine inhibits squalene epoxidase. Flucytosine is converted to 5-fluorouracil and mainly causes bone marrow suppression, not tubular wasting.</p>',
      references: [`${KATZUNG} Chapter: Antifungal Agents.`],
      path: ['Pharmacology', 'Antimicrobials', 'Antiviral and antifungal agents'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Influenza drug that traps new virions',
      stem: '<p>A 66-year-old woman with chronic obstructive pulmonary disease has had fever, myalgia and cough for 24 hours in January. A rapid molecular test is positive for influenza A. She is given a drug that prevents newly formed virions from being released from infected respiratory epithelial cells.</p><p>Which viral protein does this drug target?</p>',
      choices: [
        'Hemagglutinin',
        'M2 ion channel',
        'Neuraminidase',
        'Cap-dependent endonuclease',
        'Nucleoprotein',
      ],
      correct: 2,
      explanation:
        '<p>Oseltamivir and zanamivir inhibit <strong>neuraminidase</strong>, which cleaves sialic acid so that budding virions can detach; without it the virions clump on the cell surface. Hemagglutinin mediates attachment and fusion, adamantanes block the M2 channel needed for uncoating (and are no longer recommended because of resistance), and baloxavir inhibits the cap-dependent endonuclease needed for viral mRNA synthesis. No approved drug targets the nucleoprotein.</p>',
      references: [
        `${KATZUNG} Chapter: Antiviral Agents.`,
        'CDC. Influenza Antiviral Medications: Summary for Clinicians.',
      ],
      path: ['Pharmacology', 'Antimicrobials', 'Antiviral and antifungal agents'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Pharmacology › Pharmacokinetics and toxicology › Pharmacokinetics and pharmacodynamics
    {
      name: 'Time to steady state on an infusion',
      stem: '<p>A new antiarrhythmic drug is given to a 70-kg man as a continuous intravenous infusion without a loading dose. In this patient the drug has a volume of distribution of 50 L and a clearance of 5 L/h, and it follows first-order kinetics.</p><p>Approximately how long after the infusion starts will the plasma concentration reach about 95% of its steady-state value?</p>',
      choices: ['7 hours', '14 hours', '30 hours', '70 hours', '100 hours'],
      correct: 2,
      explanation:
        '<p>Half-life = 0.693 × V<sub>d</sub> / CL = 0.693 × 50 / 5 ≈ 7 hours. About 95% of steady state is reached after <strong>4–5 half-lives</strong>, roughly 30 hours, regardless of the infusion rate. Seven hours is one half-life (50%) and 14 hours two half-lives (75%); 70 and 100 hours overestimate the time.</p>',
      references: [
        `${KATZUNG} Chapter: Pharmacokinetics & Pharmacodynamics: Rational Dosing & the Time Course of Drug Action.`,
      ],
      path: ['Pharmacology', 'Pharmacokinetics and toxicology', 'Pharmacokinetics and pharmacodynamics'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Parallel shift of the dose-response curve',
      stem: '<p>Contraction of an isolated guinea pig ileum is measured in response to increasing concentrations of acetylcholine, alone and in the presence of a fixed concentration of drug X. The graph (shown) shows that drug X shifts the acetylcholine curve to the right in a parallel manner, and the same maximal contraction is still reached at high acetylcholine concentrations.</p><p>Which of the following best describes drug X?</p>',
      choices: [
        'An irreversible antagonist that lowers the efficacy of acetylcholine',
        'A competitive antagonist that lowers the potency of acetylcholine',
        'A partial agonist that raises the maximal response',
        'An allosteric enhancer that increases the potency of acetylcholine',
        'A noncompetitive antagonist that lowers the maximal response',
      ],
      correct: 1,
      explanation:
        '<p>A <strong>competitive (surmountable) antagonist</strong> such as atropine competes for the same receptor, so more agonist is needed for the same effect (higher EC<sub>50</sub>, lower potency) but the maximal response is unchanged. Irreversible and noncompetitive antagonists lower the maximal response (efficacy). A partial agonist cannot raise the maximum of a full agonist, and an enhancer would shift the curve to the left.</p>',
      references: [`${KATZUNG} Chapter: Drug Receptors & Pharmacodynamics.`],
      path: ['Pharmacology', 'Pharmacokinetics and toxicology', 'Pharmacokinetics and pharmacodynamics'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'chart',
    },
    {
      name: 'Small dose increase, large level increase',
      stem: '<p>A 30-year-old woman with focal epilepsy has taken phenytoin 300 mg daily for a year, with a serum level of 12 µg/mL. After a breakthrough seizure her dose is increased to 400 mg daily. Three weeks later she has nystagmus and an unsteady gait, and her serum level is 32 µg/mL. She takes no other medications, and her albumin concentration is normal.</p><p>Which of the following best explains the disproportionate rise in her drug level?</p>',
      choices: [
        'Induction of hepatic CYP enzymes',
        'Decreased renal clearance of the drug',
        'Increased oral bioavailability at higher doses',
        'Saturation of hepatic metabolism at therapeutic concentrations',
        'Displacement of the drug from albumin',
      ],
      correct: 3,
      explanation:
        '<p>Phenytoin is metabolized by enzymes that <strong>saturate</strong> near therapeutic concentrations, so its elimination shifts from first-order to zero-order (Michaelis–Menten) kinetics and small dose increases cause large rises in concentration. Enzyme induction would lower the level. Phenytoin is eliminated by the liver, not the kidneys, and its bioavailability does not rise with dose. Albumin is normal and she takes no interacting drugs, so displacement is unlikely.</p>',
      references: [`${KATZUNG} Chapter: Antiseizure Drugs.`],
      path: ['Pharmacology', 'Pharmacokinetics and toxicology', 'Pharmacokinetics and pharmacodynamics'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "Please give the therapeutic range (10–20 µg/mL) in the stem so learners can see both values against it, and add one sentence to the explanation on why total and free levels diverge in hypoalbuminemia, since 'displacement' is offered as a choice.",
    },
    // Pharmacology › Pharmacokinetics and toxicology › Toxicology and antidotes
    {
      name: 'Antidote after an acetaminophen overdose',
      stem: '<p>A 19-year-old woman comes to the emergency department 6 hours after taking about forty 500-mg acetaminophen tablets. She has nausea but is otherwise well. Her serum acetaminophen level is above the treatment line on the nomogram, and treatment is started.</p><p>Which of the following is the main mechanism of the antidote?</p>',
      choices: [
        'Chelation of acetaminophen in the intestinal lumen',
        'Competitive inhibition of alcohol dehydrogenase',
        'Alkalinization of the urine to increase excretion',
        'Direct binding to hepatocyte receptors to block apoptosis',
        'Replenishment of hepatic glutathione stores',
      ],
      correct: 4,
      explanation:
        '<p>In overdose, the glucuronidation and sulfation pathways saturate and more drug is oxidized by CYP2E1 to the toxic metabolite NAPQI, which is normally detoxified by glutathione. <strong>N-acetylcysteine</strong> provides cysteine to replenish glutathione (and can conjugate NAPQI directly). It does not chelate the drug, fomepizole is the alcohol dehydrogenase inhibitor, urinary alkalinization is used for salicylates, and there is no receptor-mediated antiapoptotic action.</p>',
      references: [`${GOLDFRANK} Chapter: Acetaminophen.`],
      path: ['Pharmacology', 'Pharmacokinetics and toxicology', 'Toxicology and antidotes'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Windshield washer fluid and blurred vision',
      stem: '<p>A 48-year-old man with alcohol use disorder drank a bottle of windshield washer fluid. Eighteen hours later he reports blurred vision, “like looking at a snowfield.” He has a high anion gap metabolic acidosis and an osmolal gap of 30 mOsm/kg.</p><p>Which of the following drugs best prevents further formation of the toxic metabolite?</p>',
      choices: ['Disulfiram', 'Fomepizole', 'N-acetylcysteine', 'Deferoxamine', 'Thiamine'],
      correct: 1,
      explanation:
        '<p>Methanol is oxidized by alcohol dehydrogenase to formaldehyde and then to <strong>formic acid</strong>, which injures the retina and optic nerve. <strong>Fomepizole</strong> inhibits alcohol dehydrogenase and stops this conversion (hemodialysis removes what has formed). Disulfiram inhibits aldehyde dehydrogenase and would not help. N-acetylcysteine treats acetaminophen toxicity, deferoxamine chelates iron, and thiamine is a cofactor given in ethylene glycol poisoning, not methanol poisoning (folinic acid is used there).</p>',
      references: [`${GOLDFRANK} Chapter: Toxic Alcohols.`],
      path: ['Pharmacology', 'Pharmacokinetics and toxicology', 'Toxicology and antidotes'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Yellow vision after a diuretic increase',
      stem: '<p>A 79-year-old woman with heart failure and atrial fibrillation takes digoxin. Two weeks ago her furosemide dose was doubled. She now has nausea, loss of appetite and yellow-tinged vision, and her ECG shows frequent premature ventricular beats. Serum K<sup>+</sup> is 2.9 mEq/L; creatinine is unchanged.</p><p>Which of the following best explains why her electrolyte abnormality increases digoxin toxicity?</p>',
      choices: [
        'Low potassium increases renal excretion of digoxin',
        'Low potassium displaces digoxin from plasma proteins',
        'Low potassium inhibits hepatic metabolism of digoxin',
        'Potassium normally competes with digoxin for binding to Na+/K+-ATPase',
        'Low potassium blocks L-type calcium channels',
      ],
      correct: 3,
      explanation:
        '<p>Digoxin binds the extracellular potassium site of the <strong>Na<sup>+</sup>/K<sup>+</sup>-ATPase</strong>; when serum potassium is low there is less competition, so more digoxin binds and its effects, including arrhythmias, increase. Hypokalemia does not increase digoxin excretion, and digoxin is mostly excreted unchanged by the kidneys, with little protein binding or hepatic metabolism. Hypokalemia does not block L-type calcium channels.</p>',
      references: [
        `${KATZUNG} Chapter: Drugs Used in Heart Failure.`,
        `${GOLDFRANK} Chapter: Cardioactive Steroids.`,
      ],
      path: ['Pharmacology', 'Pharmacokinetics and toxicology', 'Toxicology and antidotes'],
      status: 'SUBMITTED',
      author: 'writer',
      reviewComment:
        "Resubmitted after review. The first version listed 'increased digoxin clearance' as correct; it now asks about the mechanism at the pump and the explanation states that digoxin is renally excreted.",
    },
    // Pathology › Cardiovascular pathology › Valvular and infectious heart disease
    {
      name: 'New murmur after an untreated sore throat',
      stem: '<p>An 11-year-old boy has fever and painful, swollen joints, first the knees and then the ankles. Three weeks ago he had a sore throat that was not treated. He has a new apical holosystolic murmur, and his antistreptolysin O titer is elevated.</p><p>Which of the following best explains the cardiac involvement?</p>',
      choices: [
        'Antibodies against streptococcal M protein that cross-react with cardiac antigens',
        'Direct bacterial invasion of the endocardium',
        'Deposition of immune complexes containing streptococcal antigens',
        'Superantigen-driven polyclonal T-cell activation',
        'Sterile vegetations of fibrin and platelets from hypercoagulability',
      ],
      correct: 0,
      explanation:
        '<p><strong>Acute rheumatic fever</strong> results from molecular mimicry: antibodies and T cells directed against group A streptococcal M protein cross-react with cardiac myosin and valve tissue (a type II hypersensitivity), producing pancarditis with Aschoff bodies and, acutely, mitral regurgitation. Direct invasion is infective endocarditis, immune complex deposition describes poststreptococcal glomerulonephritis, superantigens cause toxic shock syndrome, and sterile vegetations are nonbacterial thrombotic endocarditis.</p>',
      references: [`${ROBBINS} Chapter: The Heart (rheumatic fever and rheumatic heart disease).`],
      path: ['Pathology', 'Cardiovascular pathology', 'Valvular and infectious heart disease'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Endocarditis organism that calls for a colonoscopy',
      stem: '<p>A 68-year-old man has had low-grade fever, fatigue and weight loss for 3 weeks. He has a new diastolic murmur at the left sternal border. Three sets of blood cultures grow <em>Streptococcus gallolyticus</em> (formerly <em>S. bovis</em> biotype I). Appropriate antibiotics and echocardiography are arranged.</p><p>Which of the following additional evaluations is most important?</p>',
      choices: [
        'Dental panoramic radiograph',
        'Colonoscopy',
        'Urine culture',
        'Chest CT for occult lung cancer',
        'Testing for terminal complement deficiency',
      ],
      correct: 1,
      explanation:
        '<p>Bacteremia or endocarditis with <em>S. gallolyticus</em> is strongly associated with <strong>colorectal adenomas and carcinoma</strong>, so colonoscopy is recommended. Dental sources are linked with viridans streptococci, urinary sources with enterococci after instrumentation, and terminal complement deficiency with recurrent <em>Neisseria</em> infection. There is no specific association with lung cancer.</p>',
      references: [
        `${ROBBINS} Chapter: The Heart (infective endocarditis).`,
        '2023 Duke-ISCVID Criteria for Infective Endocarditis.',
      ],
      path: ['Pathology', 'Cardiovascular pathology', 'Valvular and infectious heart disease'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Pathology › Cardiovascular pathology › Ischemic heart disease and cardiomyopathy
    {
      name: 'Inferior ST elevation with bradycardia',
      stem: '<p>A 59-year-old man with diabetes has had crushing substernal chest pain with sweating and nausea for 1 hour. His pulse is 52/min and blood pressure 96/60 mm Hg. His ECG (shown) has ST-segment elevation in leads II, III and aVF with reciprocal ST depression in leads I and aVL.</p><p>Occlusion of which artery is most likely?</p>',
      choices: [
        'Left anterior descending artery',
        'Left circumflex artery',
        'Right coronary artery',
        'Left main coronary artery',
        'First diagonal branch',
      ],
      correct: 2,
      explanation:
        '<p>Leads II, III and aVF face the inferior wall, which in most people is supplied by the <strong>right coronary artery</strong>; the RCA also supplies the AV node in right-dominant circulations and the SA node in about 60% of people, explaining the bradycardia. The left anterior descending artery supplies the anterior wall and septum (V1–V4), the circumflex and diagonal branches the lateral wall (I, aVL, V5–V6), and left main occlusion causes widespread ischemia, often with ST elevation in aVR.</p>',
      references: [
        `${ROBBINS} Chapter: The Heart (ischemic heart disease).`,
        '2013 ACCF/AHA Guideline for the Management of ST-Elevation Myocardial Infarction.',
      ],
      path: ['Pathology', 'Cardiovascular pathology', 'Ischemic heart disease and cardiomyopathy'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
      image: 'ecg',
    },
    {
      name: 'Sudden collapse 5 days after an infarction',
      stem: '<p>A 66-year-old woman is in hospital 5 days after an anterior myocardial infarction; she arrived too late for reperfusion. She suddenly becomes hypotensive and loses consciousness. Her neck veins are distended, her heart sounds are muffled, and the monitor shows organized electrical activity without a pulse.</p><p>Which of the following is the most likely cause?</p>',
      choices: [
        'Left ventricular aneurysm',
        'Rupture of the interventricular septum',
        'Rupture of a papillary muscle',
        'Fibrinous pericarditis',
        'Rupture of the left ventricular free wall',
      ],
      correct: 4,
      explanation:
        '<p>Between about 3 and 14 days after infarction, macrophages remove necrotic myocardium before much collagen is laid down, so the wall is weakest; <strong>free wall rupture</strong> causes hemopericardium and tamponade (distended neck veins, muffled sounds, pulseless electrical activity). Septal rupture produces a new holosystolic murmur with a left-to-right shunt, and papillary muscle rupture causes acute mitral regurgitation with pulmonary edema. Fibrinous pericarditis causes a friction rub, not shock, and aneurysms form weeks later.</p>',
      references: [`${ROBBINS} Chapter: The Heart (complications of myocardial infarction).`],
      path: ['Pathology', 'Cardiovascular pathology', 'Ischemic heart disease and cardiomyopathy'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Young athlete who collapsed on court',
      stem: '<p>A 17-year-old basketball player collapses during a game and cannot be resuscitated. His father died suddenly at age 35. At autopsy the heart weighs 520 g, with asymmetric thickening of the interventricular septum; microscopy shows hypertrophied myocytes arranged in a disorganized pattern with interstitial fibrosis.</p><p>Which of the following is the most likely genetic basis of this condition?</p>',
      choices: [
        'Autosomal dominant mutation in the LDL receptor gene',
        'X-linked mutation in the dystrophin gene',
        'Autosomal dominant mutation in the fibrillin-1 gene',
        'Mitochondrial DNA mutation affecting oxidative phosphorylation',
        'Autosomal dominant mutation in a sarcomere protein gene',
      ],
      correct: 4,
      explanation:
        '<p><strong>Hypertrophic cardiomyopathy</strong> is usually autosomal dominant and caused by mutations in sarcomere genes, most often β-myosin heavy chain or myosin-binding protein C; myocyte disarray and septal hypertrophy are characteristic, and it is a leading cause of sudden death in young athletes. LDL receptor mutations cause familial hypercholesterolemia, dystrophin mutations a dilated cardiomyopathy, and fibrillin-1 mutations Marfan syndrome with aortic and valvular disease. Mitochondrial disease is maternally inherited and usually multisystem.</p>',
      references: [`${ROBBINS} Chapter: The Heart (cardiomyopathies).`],
      path: ['Pathology', 'Cardiovascular pathology', 'Ischemic heart disease and cardiomyopathy'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Pathology › Hematopathology › Anemias
    {
      name: 'Microcytic anemia in an older man',
      stem: '<p>A 67-year-old man has had fatigue and shortness of breath on exertion for 3 months. He eats a varied diet and takes no medications. Laboratory studies:</p><table><thead><tr><th>Test</th><th>Result</th><th>Reference range</th></tr></thead><tbody><tr><td>Hemoglobin</td><td>9.2 g/dL</td><td>13.5–17.5 g/dL</td></tr><tr><td>MCV</td><td>71 fL</td><td>80–100 fL</td></tr><tr><td>RDW</td><td>18%</td><td>11.5–14.5%</td></tr><tr><td>Ferritin</td><td>6 ng/mL</td><td>24–336 ng/mL</td></tr><tr><td>TIBC</td><td>450 µg/dL</td><td>250–400 µg/dL</td></tr><tr><td>Transferrin saturation</td><td>6%</td><td>20–50%</td></tr></tbody></table><p>Which of the following is the most likely underlying cause?</p>',
      choices: [
        'Impaired heme synthesis from lead exposure',
        'Reduced α-globin chain synthesis',
        'Chronic blood loss from the gastrointestinal tract',
        'Hepcidin-mediated iron sequestration from chronic inflammation',
        'Dietary folate deficiency',
      ],
      correct: 2,
      explanation:
        '<p>Low ferritin with a high TIBC and low saturation is <strong>iron deficiency</strong>, and in an older man with an adequate diet it is presumed to come from <strong>gastrointestinal blood loss</strong>, such as colorectal cancer, until proven otherwise. Lead poisoning and thalassemia trait are microcytic but with normal or high iron stores. Anemia of chronic disease has a normal or high ferritin and low TIBC, and folate deficiency is macrocytic.</p>',
      references: [
        `${ROBBINS} Chapter: Red Blood Cell and Bleeding Disorders (iron deficiency anemia).`,
        'American Gastroenterological Association Clinical Practice Guidelines on the Gastrointestinal Evaluation of Iron Deficiency Anemia (2020).',
      ],
      path: ['Pathology', 'Hematopathology', 'Anemias'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Macrocytosis with loss of vibration sense',
      stem: '<p>A 62-year-old woman with vitiligo and hypothyroidism has fatigue and tingling in her feet. Vibration and position sense are decreased in both legs, and the Romberg test is positive. Hemoglobin is 9.0 g/dL and MCV is 114 fL; the smear shows hypersegmented neutrophils.</p><p>Which additional laboratory finding is most likely?</p>',
      choices: [
        'Elevated homocysteine with a normal methylmalonic acid',
        'Positive direct antiglobulin test',
        'Low serum gastrin concentration',
        'Elevated methylmalonic acid and homocysteine',
        'Increased reticulocyte count',
      ],
      correct: 3,
      explanation:
        '<p>Autoimmune <strong>pernicious anemia</strong> causes vitamin B<sub>12</sub> deficiency. B<sub>12</sub> is the cofactor for methylmalonyl-CoA mutase and for methionine synthase, so <strong>both methylmalonic acid and homocysteine rise</strong>; folate deficiency raises only homocysteine and does not damage the dorsal columns. Loss of parietal cells causes achlorhydria and a <em>high</em> gastrin. The direct antiglobulin test is positive in autoimmune hemolysis, and the reticulocyte count is low because erythropoiesis is ineffective.</p>',
      references: [`${ROBBINS} Chapter: Red Blood Cell and Bleeding Disorders (megaloblastic anemias).`],
      path: ['Pathology', 'Hematopathology', 'Anemias'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Jaundice, splenomegaly and a mother without a spleen',
      stem: '<p>A 7-year-old boy has had several episodes of jaundice, and his spleen is palpable 4 cm below the costal margin. His mother had a splenectomy as a teenager. Hemoglobin is 9.8 g/dL, MCHC is 37.5 g/dL and the reticulocyte count is 9%. The smear shows small round red cells without central pallor, and the direct antiglobulin test is negative.</p><p>A defect in which of the following is most likely?</p>',
      choices: [
        'Glucose-6-phosphate dehydrogenase',
        'The glycosylphosphatidylinositol anchor (PIGA)',
        'The β-globin chain',
        'Pyruvate kinase',
        'Ankyrin or spectrin of the red cell membrane skeleton',
      ],
      correct: 4,
      explanation:
        '<p><strong>Hereditary spherocytosis</strong>, usually autosomal dominant, results from defects in ankyrin, spectrin, band 3 or protein 4.2; the cells lose membrane, become spherical with a high MCHC, and are removed in the spleen. G6PD and pyruvate kinase deficiencies cause hemolysis without spherocytes, PIGA mutations cause paroxysmal nocturnal hemoglobinuria, and β-globin defects cause sickle cell disease or β-thalassemia. The negative antiglobulin test excludes autoimmune hemolysis, which also produces spherocytes.</p>',
      references: [`${ROBBINS} Chapter: Red Blood Cell and Bleeding Disorders (hereditary spherocytosis).`],
      path: ['Pathology', 'Hematopathology', 'Anemias'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Pathology › Hematopathology › Hemostasis and thrombosis
    {
      name: 'Heavy periods and nosebleeds since menarche',
      stem: '<p>A 16-year-old girl has had heavy menstrual bleeding since menarche and frequent nosebleeds; her mother has similar symptoms. She needs a dental extraction. Laboratory studies:</p><table><thead><tr><th>Test</th><th>Result</th><th>Reference range</th></tr></thead><tbody><tr><td>Platelet count</td><td>250,000/mm<sup>3</sup></td><td>150,000–400,000/mm<sup>3</sup></td></tr><tr><td>Prothrombin time</td><td>12 s</td><td>11–13 s</td></tr><tr><td>aPTT</td><td>38 s</td><td>25–35 s</td></tr><tr><td>Ristocetin cofactor activity</td><td>30%</td><td>50–150%</td></tr></tbody></table><p>Which of the following is most appropriate to reduce her bleeding risk during the procedure?</p>',
      choices: [
        'Vitamin K',
        'Protamine sulfate',
        'Recombinant factor IX',
        'Desmopressin',
        'Platelet transfusion',
      ],
      correct: 3,
      explanation:
        '<p>Mucocutaneous bleeding with a normal platelet count, a slightly prolonged aPTT and low ristocetin cofactor activity indicates <strong>von Willebrand disease</strong>, most often type 1. <strong>Desmopressin</strong> releases von Willebrand factor (and factor VIII) from endothelial Weibel–Palade bodies. Vitamin K corrects deficiencies of factors II, VII, IX and X, protamine reverses heparin, and factor IX treats hemophilia B. Her platelets are normal in number, so platelet transfusion is not the treatment.</p>',
      references: [
        `${ROBBINS} Chapter: Red Blood Cell and Bleeding Disorders (von Willebrand disease).`,
        'ASH ISTH NHF WFH 2021 Guidelines on the Management of von Willebrand Disease.',
      ],
      path: ['Pathology', 'Hematopathology', 'Hemostasis and thrombosis'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Falling platelets on day 7 of heparin',
      stem: '<p>A 64-year-old man is receiving unfractionated heparin after hip replacement. On postoperative day 7 his platelet count has fallen from 240,000 to 85,000/mm<sup>3</sup>, and his left calf is swollen and painful; ultrasonography shows a deep venous thrombosis.</p><p>Which of the following best explains these findings?</p>',
      choices: [
        'IgG antibodies against heparin–platelet factor 4 complexes that activate platelets',
        'Direct toxicity of heparin to megakaryocytes',
        'Consumption of platelets in disseminated intravascular coagulation',
        'Autoantibodies against platelet glycoprotein IIb/IIIa',
        'Dilution of platelets by perioperative fluids',
      ],
      correct: 0,
      explanation:
        '<p><strong>Heparin-induced thrombocytopenia</strong> typically begins 5–10 days after heparin is started: IgG antibodies bind heparin–PF4 complexes and activate platelets through Fc receptors, causing thrombocytopenia <em>and</em> thrombosis. All heparin must be stopped and a non-heparin anticoagulant such as argatroban started. Heparin is not toxic to megakaryocytes, DIC would prolong clotting times with widespread bleeding, glycoprotein IIb/IIIa antibodies cause immune thrombocytopenia without thrombosis, and dilution occurs at the time of surgery.</p>',
      references: [
        `${ROBBINS} Chapter: Red Blood Cell and Bleeding Disorders (heparin-induced thrombocytopenia).`,
        'American Society of Hematology 2018 Guidelines for Management of Venous Thromboembolism: Heparin-Induced Thrombocytopenia.',
      ],
      path: ['Pathology', 'Hematopathology', 'Hemostasis and thrombosis'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Toddler with a swollen knee after a minor fall',
      stem: '<p>A 2-year-old boy has a swollen, painful right knee after a minor fall. His maternal uncle had a bleeding disorder. Laboratory studies:</p><table><thead><tr><th>Test</th><th>Result</th><th>Reference range</th></tr></thead><tbody><tr><td>Platelet count</td><td>280,000/mm<sup>3</sup></td><td>150,000–400,000/mm<sup>3</sup></td></tr><tr><td>Prothrombin time</td><td>12 s</td><td>11–13 s</td></tr><tr><td>aPTT</td><td>62 s</td><td>25–35 s</td></tr></tbody></table><p>A mixing study corrects the aPTT. Deficiency of which of the following is most likely?</p>',
      choices: ['Factor VII', 'Factor VIII', 'Factor XIII', 'Vitamin K-dependent factors', 'Glycoprotein Ib'],
      correct: 1,
      explanation:
        '<p>Hemarthrosis in a boy with an affected maternal uncle, an isolated prolonged aPTT that corrects on mixing, and normal platelets indicate <strong>hemophilia A</strong> (X-linked factor VIII deficiency). Factor VII deficiency prolongs the PT, vitamin K deficiency prolongs mainly the PT, and factor XIII deficiency leaves both tests normal. Glycoprotein Ib deficiency (Bernard–Soulier syndrome) is a platelet adhesion defect with large platelets.</p>',
      references: [`${ROBBINS} Chapter: Red Blood Cell and Bleeding Disorders (hemophilia).`],
      path: ['Pathology', 'Hematopathology', 'Hemostasis and thrombosis'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        'Factor VIII is the best answer, but factor IX deficiency gives identical labs and inheritance. Please say in the explanation that hemophilia B cannot be excluded without factor assays and that hemophilia A is about five times as common, so the key is defensible.',
    },
    // Pathology › Endocrine pathology › Thyroid disorders
    {
      name: 'Proptosis, pretibial plaques and a thyroid bruit',
      stem: '<p>A 31-year-old woman has lost 6 kg over 3 months despite a good appetite, feels hot all the time and has palpitations. She has bilateral proptosis, firm plaques over both shins, and a diffusely enlarged, nontender thyroid gland with a bruit. TSH is less than 0.01 µU/mL and free T<sub>4</sub> is elevated; radioactive iodine uptake is diffusely increased.</p><p>Which of the following is the underlying mechanism?</p>',
      choices: [
        'Antibodies against thyroid peroxidase causing follicular destruction',
        'A TSH-secreting pituitary adenoma',
        'Viral-induced granulomatous inflammation of the thyroid',
        'Antibodies that stimulate the TSH receptor',
        'Autonomously functioning thyroid nodules',
      ],
      correct: 3,
      explanation:
        '<p>In <strong>Graves disease</strong>, IgG antibodies stimulate the TSH receptor, causing diffuse hyperplasia and hyperthyroidism with high uptake; the same autoimmunity drives orbital fibroblasts and dermal fibroblasts, producing ophthalmopathy and pretibial myxedema. Anti-TPO–mediated destruction (Hashimoto thyroiditis) and granulomatous (de Quervain) thyroiditis cause low uptake. A TSH-secreting adenoma would give a normal or high TSH, and toxic nodules give patchy uptake without eye or skin disease.</p>',
      references: [
        `${ROBBINS} Chapter: The Endocrine System (thyroid gland).`,
        '2016 American Thyroid Association Guidelines for Diagnosis and Management of Hyperthyroidism.',
      ],
      path: ['Pathology', 'Endocrine pathology', 'Thyroid disorders'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Grooved nuclei in a thyroid nodule',
      stem: '<p>A 36-year-old woman has a painless 2-cm nodule in the right lobe of her thyroid. She is euthyroid. Fine-needle aspiration shows cells with enlarged, optically clear nuclei, nuclear grooves and intranuclear pseudoinclusions, along with laminated calcified bodies.</p><p>Which genetic alteration is most commonly found in this type of tumor?</p>',
      choices: [
        'Germline RET point mutation',
        'PAX8-PPARG fusion',
        'BRAF V600E point mutation',
        'Inactivating TP53 mutation',
        'Activating TSH receptor mutation',
      ],
      correct: 2,
      explanation:
        '<p>The nuclear features and psammoma bodies indicate <strong>papillary thyroid carcinoma</strong>, the most common thyroid cancer, in which an activating <strong>BRAF V600E</strong> mutation is the most frequent driver (RET/PTC rearrangements are typical of radiation-associated cases). Germline RET mutations cause medullary carcinoma in MEN2, PAX8-PPARG fusions occur in follicular neoplasms, TP53 loss marks anaplastic carcinoma, and activating TSH receptor mutations cause toxic adenomas.</p>',
      references: [`${ROBBINS} Chapter: The Endocrine System (thyroid neoplasms).`],
      path: ['Pathology', 'Endocrine pathology', 'Thyroid disorders'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Pathology › Endocrine pathology › Adrenal disorders
    {
      name: 'Dark palmar creases and salt craving',
      stem: '<p>A 42-year-old woman has had fatigue, weight loss, salt craving and dizziness on standing for several months. Her palmar creases and buccal mucosa are darkly pigmented. Serum Na<sup>+</sup> is 128 mEq/L, K<sup>+</sup> is 5.9 mEq/L and glucose is 62 mg/dL.</p><p>Which of the following best explains her hyperpigmentation?</p>',
      choices: [
        'Iron deposition in the skin from chronic hemolysis',
        'Direct stimulation of melanocytes by aldosterone',
        'Increased estrogen production from adrenal androgens',
        'Autoimmune destruction of dermal melanocytes',
        'Increased pituitary processing of proopiomelanocortin',
      ],
      correct: 4,
      explanation:
        '<p>In <strong>primary adrenal insufficiency</strong> (Addison disease) the loss of cortisol feedback increases pituitary synthesis of proopiomelanocortin, which is cleaved into ACTH and melanocyte-stimulating hormone; ACTH and MSH both stimulate melanocortin-1 receptors on melanocytes. Aldosterone is <em>low</em> in this disease (hence hyperkalemia), and iron or estrogen do not explain this pattern. Autoimmune melanocyte destruction causes vitiligo, the opposite.</p>',
      references: [`${ROBBINS} Chapter: The Endocrine System (adrenocortical insufficiency).`],
      path: ['Pathology', 'Endocrine pathology', 'Adrenal disorders'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Cortisol excess that suppresses with high-dose dexamethasone',
      stem: '<p>A 36-year-old woman has gained weight around her trunk and face and has wide purple abdominal striae, proximal muscle weakness and hypertension. Urinary free cortisol and late-night salivary cortisol are elevated. Further studies:</p><table><thead><tr><th>Test</th><th>Result</th></tr></thead><tbody><tr><td>Plasma ACTH</td><td>85 pg/mL (reference 10–60)</td></tr><tr><td>Low-dose dexamethasone suppression</td><td>No suppression of cortisol</td></tr><tr><td>High-dose dexamethasone suppression</td><td>Cortisol falls by more than 50%</td></tr></tbody></table><p>Which of the following is the most likely cause?</p>',
      choices: [
        'Adrenocortical adenoma',
        'Exogenous glucocorticoid use',
        'ACTH-secreting pituitary adenoma',
        'Ectopic ACTH from small cell lung carcinoma',
        'Adrenocortical carcinoma',
      ],
      correct: 2,
      explanation:
        '<p>A high ACTH means ACTH-dependent Cushing syndrome, and suppression with high-dose (but not low-dose) dexamethasone shows partly preserved feedback typical of a <strong>pituitary corticotroph adenoma</strong> (Cushing disease). Ectopic ACTH from a small cell carcinoma does not suppress. Adrenal adenomas and carcinomas, and exogenous glucocorticoids, suppress ACTH to low levels. In practice, inferior petrosal sinus sampling is used to confirm the pituitary source.</p>',
      references: [
        `${ROBBINS} Chapter: The Endocrine System (hypercortisolism).`,
        "Endocrine Society Clinical Practice Guideline: The Diagnosis of Cushing's Syndrome (2008).",
      ],
      path: ['Pathology', 'Endocrine pathology', 'Adrenal disorders'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Ambiguous genitalia and vomiting in a newborn',
      stem: '<p>A newborn with a 46,XX karyotype has clitoromegaly and partly fused labioscrotal folds; ultrasonography shows a normal uterus and ovaries. On day 10 of life she begins vomiting and feeding poorly. Serum Na<sup>+</sup> is 124 mEq/L and K<sup>+</sup> is 7.0 mEq/L.</p><p>The serum concentration of which of the following is most likely increased?</p>',
      choices: [
        'Aldosterone',
        '11-Deoxycorticosterone',
        'Cortisol',
        '17-Hydroxyprogesterone',
        '11-Deoxycortisol',
      ],
      correct: 3,
      explanation:
        '<p>Salt wasting with virilization of a 46,XX infant is classic <strong>21-hydroxylase deficiency</strong>, the commonest form of congenital adrenal hyperplasia: precursors back up as <strong>17-hydroxyprogesterone</strong> and are shunted to androgens. Aldosterone and cortisol are low because both pathways require 21-hydroxylation. 11-Deoxycorticosterone and 11-deoxycortisol accumulate in 11β-hydroxylase deficiency, which causes hypertension rather than salt wasting.</p>',
      references: [
        `${ROBBINS} Chapter: The Endocrine System (adrenogenital syndromes).`,
        'Endocrine Society Clinical Practice Guideline: Congenital Adrenal Hyperplasia Due to Steroid 21-Hydroxylase Deficiency (2018).',
      ],
      path: ['Pathology', 'Endocrine pathology', 'Adrenal disorders'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Microbiology › Bacteriology › Gram-positive organisms
    {
      name: 'Fever in pregnancy after soft cheese',
      stem: "<p>A 27-year-old woman at 30 weeks' gestation has fever, muscle aches and mild diarrhea. A week ago she ate soft cheese made from unpasteurized milk. Blood cultures grow short gram-positive rods that show tumbling motility at room temperature and grow at refrigerator temperature.</p><p>Which of the following is the most appropriate antibiotic?</p>",
      choices: ['Ceftriaxone', 'Ampicillin', 'Vancomycin', 'Metronidazole', 'Doxycycline'],
      correct: 1,
      explanation:
        '<p><em>Listeria monocytogenes</em> is treated with <strong>ampicillin</strong> (often with gentamicin), which protects the fetus from transplacental infection. Listeria is intrinsically resistant to all cephalosporins, so ceftriaxone alone fails. Vancomycin is not reliable, metronidazole covers anaerobes only, and doxycycline is avoided in pregnancy and is not a treatment for listeriosis.</p>',
      references: [
        `${MURRAY} Chapter: Listeria and Related Gram-Positive Bacteria.`,
        'ACOG Committee Opinion No. 614: Management of Pregnant Women With Presumptive Exposure to Listeria monocytogenes.',
      ],
      path: ['Microbiology', 'Bacteriology', 'Gram-positive organisms'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Rust-colored sputum and lancet-shaped diplococci',
      stem: "<p>A 67-year-old man has had high fever, shaking chills and cough productive of rust-colored sputum for 2 days. Chest radiography shows right lower lobe consolidation. Sputum Gram stain shows lancet-shaped gram-positive diplococci; the colonies are α-hemolytic, optochin-sensitive and bile-soluble.</p><p>Which of the following is the organism's most important virulence factor?</p>",
      choices: ['Polysaccharide capsule', 'Protein A', 'M protein', 'Lipooligosaccharide', 'Exotoxin A'],
      correct: 0,
      explanation:
        '<p><em>Streptococcus pneumoniae</em> depends on its <strong>polysaccharide capsule</strong> to resist phagocytosis; unencapsulated strains are not virulent, and the capsule is the target of the conjugate and polysaccharide vaccines. Protein A belongs to <em>Staphylococcus aureus</em>, M protein to <em>Streptococcus pyogenes</em>, lipooligosaccharide to <em>Neisseria</em>, and exotoxin A to <em>Pseudomonas aeruginosa</em>.</p>',
      references: [`${MURRAY} Chapter: Streptococcus and Enterococcus.`],
      path: ['Microbiology', 'Bacteriology', 'Gram-positive organisms'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Microbiology › Bacteriology › Gram-negative organisms
    {
      name: 'Second episode of meningococcal disease',
      stem: '<p>A 19-year-old college student is treated for <em>Neisseria meningitidis</em> meningitis. He had meningococcal bacteremia 3 years ago. He has had no other serious infections and has received all routine vaccinations.</p><p>Which of the following immune defects is most likely?</p>',
      choices: [
        'C1 esterase inhibitor deficiency',
        'X-linked agammaglobulinemia',
        'NADPH oxidase deficiency',
        'Thymic aplasia',
        'Deficiency of a terminal complement component (C5–C9)',
      ],
      correct: 4,
      explanation:
        '<p>The <strong>membrane attack complex</strong> (C5b–C9) is essential for killing <em>Neisseria</em>, so deficiencies of C5–C9 cause recurrent neisserial infections, usually beginning in adolescence. C1 esterase inhibitor deficiency causes hereditary angioedema. X-linked agammaglobulinemia causes recurrent sinopulmonary infections from infancy, NADPH oxidase deficiency causes catalase-positive bacterial and fungal infections, and thymic aplasia causes viral and fungal infections.</p>',
      references: [
        `${MURRAY} Chapter: Neisseria and Related Genera.`,
        'CDC. Meningococcal Vaccine Recommendations (persons with complement component deficiency).',
      ],
      path: ['Microbiology', 'Bacteriology', 'Gram-negative organisms'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Blue-green drainage from a burn wound',
      stem: '<p>A 40-year-old man is in the burn unit with burns over 35% of his body. On day 8 one wound develops blue-green exudate with a sweet, grape-like odor. Culture grows oxidase-positive, lactose-nonfermenting gram-negative rods.</p><p>Which of the following antibiotics is active against this organism?</p>',
      choices: [
        'Ampicillin',
        'Ceftriaxone',
        'Trimethoprim-sulfamethoxazole',
        'Vancomycin',
        'Piperacillin-tazobactam',
      ],
      correct: 4,
      explanation:
        '<p><em>Pseudomonas aeruginosa</em> produces pyocyanin and pyoverdine and is treated with <strong>antipseudomonal</strong> agents such as piperacillin-tazobactam, cefepime, ceftazidime, carbapenems (not ertapenem), aminoglycosides or fluoroquinolones, guided by susceptibility testing. It is intrinsically resistant to ampicillin, ceftriaxone and trimethoprim-sulfamethoxazole, and vancomycin acts only on gram-positive organisms.</p>',
      references: [`${MURRAY} Chapter: Pseudomonas and Related Bacteria.`],
      path: ['Microbiology', 'Bacteriology', 'Gram-negative organisms'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Bloody diarrhea followed by kidney failure',
      stem: '<p>A 4-year-old girl had bloody diarrhea without fever after a family barbecue. Six days later she is pale and has petechiae and decreased urine output. Her platelet count is 40,000/mm<sup>3</sup>, the smear shows schistocytes, and serum creatinine is 2.1 mg/dL.</p><p>The organism most likely responsible has which of the following characteristics?</p>',
      choices: [
        'Lactose-nonfermenting rod that produces hydrogen sulfide',
        'Curved, oxidase-positive rod that grows best at 42°C',
        'Sorbitol-nonfermenting rod that produces a Shiga-like toxin',
        'Rod that produces a heat-labile toxin increasing cAMP',
        'Spore-forming gram-positive rod',
      ],
      correct: 2,
      explanation:
        '<p>Bloody diarrhea followed by hemolytic uremic syndrome in a child is typical of <strong>enterohemorrhagic <em>E. coli</em> O157:H7</strong>, which unlike most <em>E. coli</em> does not ferment sorbitol and produces Shiga-like toxin that damages glomerular endothelium. <em>Salmonella</em> produces H<sub>2</sub>S, <em>Campylobacter</em> grows at 42°C, enterotoxigenic <em>E. coli</em> makes heat-labile toxin causing watery diarrhea, and spore-forming gram-positive rods such as <em>C. difficile</em> do not typically cause this syndrome.</p>',
      references: [`${MURRAY} Chapter: Enterobacteriaceae.`],
      path: ['Microbiology', 'Bacteriology', 'Gram-negative organisms'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "Please name the exposure more precisely (undercooked ground beef at the barbecue) and add to the explanation why antibiotics are generally avoided in suspected EHEC infection. Choice E should name an organism class learners would actually consider, not just 'spore-forming rod'.",
    },
    {
      name: 'Pneumonia, diarrhea and hyponatremia after a hotel stay',
      stem: '<p>A 63-year-old man who smokes has had high fever, dry cough, diarrhea and confusion for 3 days. Last week he stayed at a hotel whose cooling tower was later found to be contaminated. Serum Na<sup>+</sup> is 128 mEq/L. A sputum Gram stain shows many neutrophils but few organisms.</p><p>On which of the following media would the likely organism be cultured?</p>',
      choices: [
        'Chocolate agar',
        'Thayer-Martin agar',
        'Buffered charcoal yeast extract agar',
        'Löwenstein-Jensen medium',
        'MacConkey agar',
      ],
      correct: 2,
      explanation:
        '<p><em>Legionella pneumophila</em> is spread by aerosols from water systems and stains poorly with Gram stain; it needs <strong>buffered charcoal yeast extract agar</strong> supplemented with L-cysteine and iron, and the urinary antigen test detects serogroup 1. Chocolate agar supports <em>Haemophilus</em>, Thayer-Martin is selective for <em>Neisseria</em>, Löwenstein-Jensen is for mycobacteria, and MacConkey distinguishes lactose fermenters among enteric gram-negative rods.</p>',
      references: [`${MURRAY} Chapter: Legionella.`],
      path: ['Microbiology', 'Bacteriology', 'Gram-negative organisms'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Microbiology › Virology › DNA viruses
    {
      name: 'Rash after amoxicillin for a sore throat',
      stem: '<p>A 17-year-old boy has had fever, sore throat and fatigue for a week. He has exudative tonsillitis, tender posterior cervical lymph nodes and a palpable spleen. He developed a widespread rash after taking amoxicillin prescribed for presumed strep throat. The blood smear shows many large atypical lymphocytes, and a heterophile antibody test is positive.</p><p>The virus responsible enters its primary target cell by binding which of the following?</p>',
      choices: [
        'CD4 on helper T cells',
        'CCR5 on macrophages',
        'P antigen on erythroid progenitors',
        'CD21 on B cells',
        'ICAM-1 on respiratory epithelium',
      ],
      correct: 3,
      explanation:
        '<p><strong>Epstein–Barr virus</strong> binds <strong>CD21</strong> (complement receptor 2) on B cells; the atypical lymphocytes are reactive CD8<sup>+</sup> T cells responding to infected B cells. CD4 and CCR5 are receptors for HIV, P antigen is the receptor for parvovirus B19, and ICAM-1 is the receptor for most rhinoviruses.</p>',
      references: [`${MURRAY} Chapter: Human Herpesviruses.`],
      path: ['Microbiology', 'Virology', 'DNA viruses'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'High-grade cervical lesion and HPV 16',
      stem: '<p>A 34-year-old woman has a cervical biopsy that shows high-grade squamous intraepithelial lesion (CIN 3). Testing detects human papillomavirus type 16 DNA integrated into the host genome.</p><p>Which viral mechanism contributes most directly to loss of p53 function in her cervical cells?</p>',
      choices: [
        'E6 protein binding and inactivating Rb',
        'E7 protein activating RAS',
        'E6 protein promoting ubiquitin-mediated degradation of p53',
        'Tax protein transactivating host genes',
        'Latent membrane protein 1 mimicking CD40',
      ],
      correct: 2,
      explanation:
        '<p>High-risk HPV <strong>E6</strong> recruits the ubiquitin ligase E6AP and targets <strong>p53 for degradation</strong>, while <strong>E7</strong> binds and inactivates Rb; integration disrupts E2, which normally represses both. E7, not E6, targets Rb, and neither activates RAS. Tax is the oncoprotein of HTLV-1, and LMP1 is the EBV protein that mimics CD40 signaling.</p>',
      references: [
        `${ROBBINS} Chapter: Neoplasia (oncogenic DNA viruses).`,
        `${MURRAY} Chapter: Papillomaviruses and Polyomaviruses.`,
      ],
      path: ['Microbiology', 'Virology', 'DNA viruses'],
      status: 'DRAFT',
      author: 'admin',
    },
    // Microbiology › Virology › RNA viruses
    {
      name: 'A pandemic strain built from swine, bird and human genes',
      stem: '<p>In 2009 a novel influenza A (H1N1) virus spread worldwide. Sequencing showed that its eight gene segments came from swine, avian and human influenza viruses, and most people had little immunity to it.</p><p>Which of the following processes produced this strain?</p>',
      choices: [
        'Point mutations accumulating in the hemagglutinin gene',
        'Complementation between two defective viruses',
        'Phenotypic mixing of capsid proteins',
        'Recombination between nonsegmented viral genomes',
        'Reassortment of genome segments in a coinfected host',
      ],
      correct: 4,
      explanation:
        '<p>Influenza A has a <strong>segmented</strong> genome, so when two strains infect the same cell (often in pigs) their segments can be exchanged: <strong>reassortment</strong> produces antigenic <em>shift</em> and can cause pandemics. Point mutations cause antigenic <em>drift</em> and seasonal epidemics. Complementation and phenotypic mixing change a single generation of progeny without creating a new stable genome, and recombination of nonsegmented genomes is not how influenza gains new segments.</p>',
      references: [`${MURRAY} Chapter: Orthomyxoviruses.`],
      path: ['Microbiology', 'Virology', 'RNA viruses'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Repeatedly exposed but never infected with HIV',
      stem: '<p>A 41-year-old man has remained HIV-negative despite many years of condomless sex with a partner who has untreated HIV infection. Genetic testing shows he is homozygous for a 32-base-pair deletion in a chemokine receptor gene.</p><p>Which step of the viral life cycle is most directly blocked in this man?</p>',
      choices: [
        'Attachment of gp120 to CD4',
        'Binding of gp120 to the coreceptor used by transmitted strains',
        'Reverse transcription of viral RNA',
        'Integration of proviral DNA',
        'Cleavage of viral polyproteins by protease',
      ],
      correct: 1,
      explanation:
        '<p>Most transmitted HIV strains are <strong>R5-tropic</strong>: after gp120 binds CD4 it must bind the coreceptor <strong>CCR5</strong> before gp41 mediates fusion. Homozygosity for CCR5-Δ32 removes the receptor from the cell surface and confers strong resistance; maraviroc blocks the same step. CD4 binding, reverse transcription, integration and protease cleavage are unaffected.</p>',
      references: [`${MURRAY} Chapter: Human Immunodeficiency Virus.`],
      path: ['Microbiology', 'Virology', 'RNA viruses'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Microbiology › Mycology and parasitology › Fungi
    {
      name: 'India ink stain in a man with advanced HIV',
      stem: '<p>A 38-year-old man with untreated HIV infection (CD4+ count 45/mm<sup>3</sup>) has had headache and fever for 2 weeks. Lumbar puncture shows an opening pressure of 32 cm H<sub>2</sub>O, and India ink preparation of the CSF shows round budding yeasts surrounded by wide clear halos.</p><p>This organism is most likely acquired by which of the following routes?</p>',
      choices: [
        'Reactivation of endogenous oral flora',
        'Ingestion of undercooked pork',
        'Inhalation of arthroconidia from desert soil',
        'Inhalation of yeast from soil contaminated with pigeon droppings',
        'Traumatic inoculation of the skin by a thorn',
      ],
      correct: 3,
      explanation:
        '<p><em>Cryptococcus neoformans</em> is a heavily encapsulated yeast found in soil contaminated by <strong>pigeon droppings</strong>; it is <strong>inhaled</strong> and disseminates to the meninges when cellular immunity fails. <em>Candida</em> comes from endogenous flora, undercooked pork transmits <em>Trichinella</em> and intestinal <em>Taenia</em>, arthroconidia in southwestern desert soil transmit <em>Coccidioides</em>, and thorn inoculation transmits <em>Sporothrix</em>.</p>',
      references: [
        `${MURRAY} Chapter: Opportunistic Mycoses (cryptococcosis).`,
        'Panel on Opportunistic Infections in Adults and Adolescents With HIV. Guidelines: Cryptococcosis.',
      ],
      path: ['Microbiology', 'Mycology and parasitology', 'Fungi'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Dyspnea, desaturation on walking and thrush',
      stem: '<p>A 44-year-old man has had progressive shortness of breath on exertion, a dry cough and low-grade fever for 3 weeks. He has lost weight and has oral thrush. His oxygen saturation falls from 94% at rest to 85% after walking. A chest x-ray (shown) shows bilateral diffuse interstitial infiltrates. Serum LDH is elevated, an HIV test is positive, and his CD4+ count is 90/mm<sup>3</sup>.</p><p>Which of the following is the most appropriate treatment?</p>',
      choices: [
        'Fluconazole',
        'Trimethoprim-sulfamethoxazole',
        'Amphotericin B',
        'Isoniazid, rifampin, pyrazinamide and ethambutol',
        'Azithromycin',
      ],
      correct: 1,
      explanation:
        '<p>Subacute dyspnea, exertional desaturation, diffuse interstitial infiltrates and a high LDH with a CD4<sup>+</sup> count below 200 suggest <strong><em>Pneumocystis jirovecii</em> pneumonia</strong>, treated with trimethoprim-sulfamethoxazole (plus corticosteroids if PaO<sub>2</sub> is below 70 mm Hg). <em>Pneumocystis</em> lacks ergosterol, so fluconazole and amphotericin B are ineffective. Four-drug therapy treats tuberculosis, and azithromycin is used for <em>Mycobacterium avium</em> complex prophylaxis and atypical pneumonia.</p>',
      references: [
        `${MURRAY} Chapter: Pneumocystis.`,
        'Panel on Opportunistic Infections in Adults and Adolescents With HIV. Guidelines: Pneumocystis Pneumonia.',
      ],
      path: ['Microbiology', 'Mycology and parasitology', 'Fungi'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'xray',
    },
    // Microbiology › Mycology and parasitology › Protozoa and helminths
    {
      name: 'Fever every 48 hours after a trip to Honduras',
      stem: '<p>A 29-year-old woman returned from Honduras 3 months ago. She has had fever spikes every 48 hours for a week. A blood smear shows enlarged red cells with fine red granules (Schüffner dots) containing ring forms and ameboid trophozoites. She is treated with chloroquine, and her G6PD activity is normal.</p><p>Which additional drug is needed to prevent relapse?</p>',
      choices: ['Artemether-lumefantrine', 'Quinine', 'Mefloquine', 'Primaquine', 'Atovaquone-proguanil'],
      correct: 3,
      explanation:
        '<p><em>Plasmodium vivax</em> (and <em>P. ovale</em>) form dormant <strong>hypnozoites</strong> in the liver that cause relapses months later; only <strong>primaquine</strong> or tafenoquine eradicates them, after G6PD deficiency has been excluded because both can cause hemolysis. Artemether-lumefantrine, quinine, mefloquine and atovaquone-proguanil kill blood-stage parasites but not hypnozoites.</p>',
      references: [
        `${MURRAY} Chapter: Blood and Tissue Protozoa (Plasmodium).`,
        'CDC. Treatment of Malaria: Guidelines for Clinicians (United States).',
      ],
      path: ['Microbiology', 'Mycology and parasitology', 'Protozoa and helminths'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Greasy diarrhea after drinking from a mountain stream',
      stem: '<p>A 26-year-old man has had foul-smelling, greasy, nonbloody diarrhea with bloating and flatulence for 10 days. Two weeks ago he went backpacking and drank untreated water from a mountain stream. Stool microscopy shows pear-shaped flagellated trophozoites with two nuclei.</p><p>Which of the following is the most appropriate treatment?</p>',
      choices: ['Albendazole', 'Praziquantel', 'Tinidazole', 'Ivermectin', 'Nifurtimox'],
      correct: 2,
      explanation:
        '<p><em>Giardia duodenalis</em> attaches to the duodenal mucosa and causes malabsorption with fatty stools; a nitroimidazole such as <strong>tinidazole</strong> (single dose) or metronidazole is first-line. Albendazole treats many helminths, praziquantel treats tapeworms and flukes, ivermectin treats <em>Strongyloides</em> and onchocerciasis, and nifurtimox treats Chagas disease.</p>',
      references: [
        `${MURRAY} Chapter: Intestinal and Urogenital Protozoa.`,
        'CDC. Giardiasis: Clinical Care of Giardiasis.',
      ],
      path: ['Microbiology', 'Mycology and parasitology', 'Protozoa and helminths'],
      status: 'DRAFT',
      author: 'writer',
    },
    {
      name: 'First seizure and cysts with a scolex',
      stem: '<p>A 30-year-old man from a rural village in southern Mexico has a first generalized seizure. MRI of the brain shows several small cystic lesions, some containing an eccentric dot-like nodule. He has never eaten undercooked pork.</p><p>Which of the following most likely caused his infection?</p>',
      choices: [
        'Ingestion of undercooked pork containing larval cysts',
        'Ingestion of tapeworm eggs from fecally contaminated food or water',
        'Penetration of the skin by larvae in contaminated soil',
        'The bite of an infected mosquito',
        'Ingestion of undercooked freshwater fish',
      ],
      correct: 1,
      explanation:
        '<p><strong>Neurocysticercosis</strong> follows ingestion of <em>Taenia solium</em> <strong>eggs</strong>, shed by a human tapeworm carrier and spread by fecal contamination; the larvae encyst in brain and muscle (the eccentric nodule is the scolex). Eating cysticerci in undercooked pork produces an intestinal tapeworm, not cysticercosis. Skin penetration transmits hookworm and <em>Strongyloides</em>, mosquitoes transmit malaria and filariae, and undercooked fish transmits <em>Diphyllobothrium</em>.</p>',
      references: [
        `${MURRAY} Chapter: Cestodes.`,
        'IDSA/ASTMH 2017 Clinical Practice Guidelines for the Diagnosis and Treatment of Neurocysticercosis.',
      ],
      path: ['Microbiology', 'Mycology and parasitology', 'Protozoa and helminths'],
      status: 'SUBMITTED',
      author: 'writer',
    },
  ],
};
