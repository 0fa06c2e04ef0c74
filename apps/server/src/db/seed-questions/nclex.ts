import type { SeedBank } from './types';

const LEWIS = "Harding MM, Kwong J, Hagler D, Reinisch C. Lewis's Medical-Surgical Nursing, 12th ed.";
const POTTER = 'Potter PA, Perry AG, Stockert PA, Hall AM. Fundamentals of Nursing, 11th ed.';
const LEHNE = "Burchum JR, Rosenthal LD. Lehne's Pharmacology for Nursing Care, 11th ed.";
const LOWDERMILK = "Lowdermilk DL, Perry SE, Cashion K, et al. Maternity & Women's Health Care, 12th ed.";
const WONG = "Hockenberry MJ, Duffy EA, Gibbs KD. Wong's Nursing Care of Infants and Children, 12th ed.";
const VARCAROLIS = "Halter MJ. Varcarolis' Foundations of Psychiatric-Mental Health Nursing, 9th ed.";
const CDC_ISOLATION =
  'CDC. 2007 Guideline for Isolation Precautions: Preventing Transmission of Infectious Agents in Healthcare Settings.';
const DELEGATION = 'NCSBN and ANA. National Guidelines for Nursing Delegation (2019).';

const CARE = 'Safe and Effective Care';
const HEALTH = 'Health Promotion and Maintenance';
const PSYCH = 'Psychosocial Integrity';
const PHYS = 'Physiological Integrity';

export const nclex: SeedBank = {
  tree: [
    {
      subject: CARE,
      categories: [
        {
          name: 'Management of care',
          subcategories: ['Prioritization', 'Delegation and assignment', 'Legal and ethical practice'],
        },
        {
          name: 'Infection control',
          subcategories: ['Transmission-based precautions', 'Standard precautions and asepsis'],
        },
        {
          name: 'Safety and injury prevention',
          subcategories: ['Fall prevention and restraints', 'Medication safety'],
        },
      ],
    },
    {
      subject: HEALTH,
      categories: [
        {
          name: 'Maternal and newborn care',
          subcategories: ['Antepartum care', 'Intrapartum and postpartum care', 'Newborn care'],
        },
        {
          name: 'Growth and development',
          subcategories: ['Pediatric development', 'Care of the older adult'],
        },
      ],
    },
    {
      subject: PSYCH,
      categories: [
        {
          name: 'Mental health conditions',
          subcategories: [
            'Depression and suicide risk',
            'Psychosis and bipolar disorder',
            'Substance use and withdrawal',
          ],
        },
        {
          name: 'Therapeutic communication',
          subcategories: ['Communication techniques', 'Grief and end-of-life care'],
        },
      ],
    },
    {
      subject: PHYS,
      categories: [
        {
          name: 'Pharmacological therapies',
          subcategories: [
            'Cardiovascular medications',
            'Insulin and endocrine medications',
            'Anticoagulants',
          ],
        },
        {
          name: 'Reduction of risk potential',
          subcategories: ['Laboratory values', 'Postoperative complications'],
        },
        {
          name: 'Physiological adaptation',
          subcategories: ['Fluid and electrolyte imbalances', 'Cardiac and respiratory emergencies'],
        },
      ],
    },
  ],
  questions: [
    // Safe and Effective Care › Management of care › Prioritization
    {
      name: 'First client to see after shift report',
      stem: '<p>The nurse receives report on four clients on a surgical unit.</p><p>Which client should the nurse assess <strong>first</strong>?</p>',
      choices: [
        'A client with COPD whose oxygen saturation is 90% on 2 L/min by nasal cannula',
        'A client 1 day after appendectomy who rates incisional pain as 4 on a 0–10 scale',
        'A client with type 1 diabetes whose fasting blood glucose is 250 mg/dL',
        'A client 6 hours after thyroidectomy who reports tingling around the mouth',
      ],
      correct: 3,
      explanation:
        '<p>Perioral tingling after thyroidectomy suggests <strong>hypocalcemia</strong> from injury to or removal of the parathyroid glands, which can progress to tetany and laryngospasm, a threat to the airway. An oxygen saturation of 88–92% is an acceptable target for many clients with COPD. Moderate incisional pain and a high fasting glucose need attention but are not immediately life-threatening.</p>',
      references: [`${LEWIS} Chapter: Endocrine Problems (thyroidectomy care).`],
      path: [CARE, 'Management of care', 'Prioritization'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Pneumonia with new confusion',
      stem: '<p>A client admitted yesterday with pneumonia has a respiratory rate of 32/min and an oxygen saturation of 86% on 2 L/min by nasal cannula. The client was oriented at the start of the shift but is now confused about place and time.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        'Raise the head of the bed and increase oxygen delivery as prescribed by protocol',
        'Obtain the blood cultures that were prescribed on admission',
        "Call the client's spouse to report the change in mental status",
        'Give the scheduled dose of the intravenous antibiotic',
      ],
      correct: 0,
      explanation:
        '<p>New confusion with tachypnea and a low saturation indicates <strong>hypoxemia</strong>, so oxygenation comes first: raising the head of the bed improves lung expansion and oxygen is increased per protocol while the rapid response team or provider is called. Blood cultures and the antibiotic are important but do not correct the immediate oxygen deficit. Informing the family can wait until the client is stabilized.</p>',
      references: [`${LEWIS} Chapter: Lower Respiratory Problems (pneumonia).`],
      path: [CARE, 'Management of care', 'Prioritization'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Safe and Effective Care › Management of care › Delegation and assignment
    {
      name: 'Task for assistive personnel',
      stem: '<p>The registered nurse is working with assistive personnel (AP) on a medical unit.</p><p>Which task is appropriate to delegate to the AP?</p>',
      choices: [
        'Measure and record intake and output for a client with heart failure',
        'Teach a client newly diagnosed with diabetes how to inject insulin',
        'Assess a client who reports new chest pain',
        "Evaluate a client's response to an as-needed pain medication",
      ],
      correct: 0,
      explanation:
        '<p>Measuring and recording <strong>intake and output</strong> is a routine task with a predictable outcome that AP are trained to perform; the nurse interprets the data. Teaching, assessment and evaluation require nursing judgment and cannot be delegated to AP.</p>',
      references: [DELEGATION],
      path: [CARE, 'Management of care', 'Delegation and assignment'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Client assignment for the LPN',
      stem: '<p>The charge nurse is making assignments for a licensed practical nurse (LPN) on a medical-surgical unit.</p><p>Which client is most appropriate to assign to the LPN?</p>',
      choices: [
        'A client admitted 1 hour ago with an acute exacerbation of heart failure',
        'A client with a stable stage 2 pressure injury who needs a dressing change and scheduled oral medications',
        'A client receiving the first unit of packed red blood cells',
        'A client being discharged today who needs teaching about a new anticoagulant',
      ],
      correct: 1,
      explanation:
        '<p>LPNs care for <strong>stable clients with predictable outcomes</strong>, including dressing changes and scheduled oral medications. A new, unstable admission needs an initial RN assessment, and discharge teaching about a high-alert medication is an RN responsibility.</p>',
      references: [DELEGATION],
      path: [CARE, 'Management of care', 'Delegation and assignment'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "LPN scope for blood transfusions varies by state. Please make choice C unambiguous (for example 'during the first 15 minutes of a transfusion') and add a sentence explaining why that client stays with the RN.",
    },
    {
      name: 'Vital signs reported by assistive personnel',
      stem: "<p>Assistive personnel report the following vital signs to the nurse.</p><p>Which client requires the nurse's <strong>immediate</strong> follow-up?</p>",
      choices: [
        'A client 2 days after knee replacement: temperature 37.4°C (99.3°F), pulse 84/min, blood pressure 132/78 mm Hg',
        'A client with pneumonia on antibiotics: temperature 37.9°C (100.2°F), pulse 92/min, respirations 20/min',
        'A client 4 hours after bowel resection: pulse 118/min, blood pressure 92/58 mm Hg, respirations 24/min',
        'A client with chronic kidney disease: blood pressure 148/90 mm Hg, pulse 76/min',
      ],
      correct: 2,
      explanation:
        '<p>Tachycardia, hypotension and tachypnea soon after abdominal surgery suggest <strong>hemorrhage or hypovolemic shock</strong>, so this client needs immediate assessment. A mildly raised temperature in a client already on treatment, stable findings after knee replacement, and a blood pressure of 148/90 in chronic kidney disease are expected or non-urgent.</p>',
      references: [`${LEWIS} Chapter: Postoperative Care.`, DELEGATION],
      path: [CARE, 'Management of care', 'Delegation and assignment'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Safe and Effective Care › Management of care › Legal and ethical practice
    {
      name: 'Consent from a client who is unsure',
      stem: "<p>The nurse brings a surgical consent form to a client scheduled for a laparoscopic cholecystectomy. The client says, “I'm not really sure what the surgeon is going to do.”</p><p>Which action should the nurse take?</p>",
      choices: [
        'Explain the details of the procedure and its risks to the client',
        'Witness the signature, because the surgeon has already spoken with the client',
        "Ask a family member to sign the consent on the client's behalf",
        'Notify the surgeon that the client needs more information before signing',
      ],
      correct: 3,
      explanation:
        "<p>Informed consent is the <strong>surgeon's responsibility</strong>: the person performing the procedure explains its nature, risks, benefits and alternatives. The nurse's role is to witness the signature and confirm understanding, so a client who does not understand should not sign until the surgeon returns. Explaining the procedure is outside the nurse's role here, and a family member cannot consent for a competent adult.</p>",
      references: [`${POTTER} Chapter: Legal Implications in Nursing Practice.`],
      path: [CARE, 'Management of care', 'Legal and ethical practice'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Client who wants to stop dialysis',
      stem: "<p>A 74-year-old client with end-stage kidney disease who is alert and oriented tells the nurse, “I've decided I don't want any more dialysis.”</p><p>Which action should the nurse take?</p>",
      choices: [
        'Tell the client that dialysis is necessary and cannot be stopped',
        'Document that the client is nonadherent and proceed with the scheduled treatment',
        'Ask the client about the reasons for the decision and inform the provider',
        "Contact the client's adult children so they can persuade the client to continue",
      ],
      correct: 2,
      explanation:
        "<p>A competent adult has the <strong>right to refuse treatment</strong>, including life-sustaining treatment. The nurse explores the client's reasons (for example pain, depression or burden) and informs the provider so that the care team can discuss options and goals of care. Overriding the decision or giving treatment against it violates autonomy, and involving family without permission breaches confidentiality.</p>",
      references: [
        `${POTTER} Chapter: Ethics and Values.`,
        'American Nurses Association. Code of Ethics for Nurses With Interpretive Statements (2015).',
      ],
      path: [CARE, 'Management of care', 'Legal and ethical practice'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    {
      name: 'Phone call asking about a client',
      stem: "<p>A caller says he is a client's brother and asks the nurse how the client is doing after surgery.</p><p>Which response by the nurse is most appropriate?</p>",
      choices: [
        "Verify that the client has authorized this caller, for example with the client's privacy code, before sharing information",
        'Give a general update, because the caller is a family member',
        'Transfer the call to the surgeon so that the surgeon can decide what to share',
        'Say that the client is stable but give no other details',
      ],
      correct: 0,
      explanation:
        '<p>Under HIPAA, health information is shared only with people the <strong>client has authorized</strong>; many facilities use a privacy code to confirm this over the phone. Being a relative does not on its own entitle the caller to information, and even confirming that the client is stable discloses protected information. Transferring the call does not solve the problem of identifying the caller.</p>',
      references: [
        `${POTTER} Chapter: Legal Implications in Nursing Practice (confidentiality).`,
        'U.S. Department of Health and Human Services. HIPAA Privacy Rule, 45 CFR Part 164.',
      ],
      path: [CARE, 'Management of care', 'Legal and ethical practice'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Safe and Effective Care › Infection control › Transmission-based precautions
    {
      name: 'Suspected pulmonary tuberculosis on admission',
      stem: '<p>A client is admitted with a 6-week history of productive cough, night sweats and weight loss. The chest x-ray shows an upper lobe cavity, and sputum samples for acid-fast bacilli have been sent.</p><p>Which precautions should the nurse implement?</p>',
      choices: [
        'A private room with the door open and surgical masks for staff',
        'Contact precautions with gown and gloves',
        'Standard precautions only until the sputum results are available',
        'An airborne infection isolation room with negative pressure and fit-tested N95 respirators for staff',
      ],
      correct: 3,
      explanation:
        '<p>Suspected pulmonary tuberculosis requires <strong>airborne precautions</strong> at once: a negative-pressure room with the door closed and a fit-tested N95 (or higher) respirator for anyone entering. Surgical masks do not filter droplet nuclei and are worn by the client during transport, not by staff in place of respirators. Contact precautions do not address airborne spread, and waiting for results exposes others.</p>',
      references: [CDC_ISOLATION],
      path: [CARE, 'Infection control', 'Transmission-based precautions'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Suspected meningococcal meningitis',
      stem: '<p>A college student is admitted with fever, severe headache, neck stiffness and a petechial rash. Bacterial meningitis caused by <em>Neisseria meningitidis</em> is suspected, and antibiotics have just been started.</p><p>Which precautions should the nurse maintain?</p>',
      choices: [
        'Airborne precautions until the cerebrospinal fluid culture results are final',
        'Contact precautions for the rest of the hospital stay',
        'Standard precautions only, because meningitis is not spread from person to person',
        'Droplet precautions until 24 hours after effective antibiotic therapy began',
      ],
      correct: 3,
      explanation:
        '<p><em>N. meningitidis</em> spreads by respiratory <strong>droplets</strong>, so droplet precautions (a mask when within close range, ideally a private room) are used until the client has received <strong>24 hours</strong> of effective therapy. Airborne precautions are not needed, contact precautions alone miss droplet spread, and meningococcal disease is transmissible, which is why close contacts receive prophylaxis.</p>',
      references: [CDC_ISOLATION],
      path: [CARE, 'Infection control', 'Transmission-based precautions'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Order for removing protective equipment',
      stem: '<p>The nurse is leaving the room of a client on contact and droplet precautions and is wearing a gown, gloves, goggles and a surgical mask.</p><p>In which order should the nurse remove the equipment?</p>',
      choices: [
        'Mask, gown, goggles, gloves',
        'Gloves, goggles, gown, mask',
        'Gown, gloves, mask, goggles',
        'Goggles, mask, gloves, gown',
      ],
      correct: 1,
      explanation:
        '<p>The CDC sequence removes the most contaminated items first: <strong>gloves, then goggles or face shield, then gown, then mask</strong>, followed by hand hygiene (gown and gloves may also be removed together). Taking off the mask or goggles first means touching the face with contaminated gloves, and removing the gown before the gloves contaminates the hands and clothing.</p>',
      references: [
        'CDC. Sequence for Putting On and Removing Personal Protective Equipment (PPE).',
        CDC_ISOLATION,
      ],
      path: [CARE, 'Infection control', 'Transmission-based precautions'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Safe and Effective Care › Infection control › Standard precautions and asepsis
    {
      name: 'Hand hygiene after caring for C. difficile',
      stem: '<p>The nurse has finished changing the linen of a client with <em>Clostridioides difficile</em> diarrhea and has removed gloves and gown.</p><p>Which hand hygiene method is most appropriate?</p>',
      choices: [
        'Wash hands with soap and water',
        'Rub hands with alcohol-based hand sanitizer until dry',
        'Rub hands with sanitizer and then put on a new pair of gloves',
        'Wipe hands with a bleach-containing disinfectant wipe',
      ],
      correct: 0,
      explanation:
        '<p><em>C. difficile</em> forms <strong>spores</strong> that alcohol does not kill; washing with <strong>soap and water</strong> removes them mechanically. Putting new gloves over sanitized hands does not remove spores, and bleach wipes are for environmental surfaces, not skin.</p>',
      references: ['CDC. Guideline for Hand Hygiene in Health-Care Settings (2002).', CDC_ISOLATION],
      path: [CARE, 'Infection control', 'Standard precautions and asepsis'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Breaking the sterile field',
      stem: '<p>The nurse observes a nursing student setting up a sterile field for a central line dressing change.</p><p>Which action by the student requires the nurse to intervene?</p>',
      choices: [
        'Opens the first flap of the sterile kit away from the body',
        'Keeps the sterile field above waist level and in view',
        'Treats the outer 1-inch border of the sterile drape as contaminated',
        'Reaches across the sterile field to place an item on the far side',
      ],
      correct: 3,
      explanation:
        '<p><strong>Reaching across a sterile field</strong> can drop particles or brush an unsterile sleeve over it, so items are added from the near side without crossing. Opening the first flap away from the body, keeping the field above waist level and in sight, and treating the 1-inch border as contaminated are all correct technique.</p>',
      references: [`${POTTER} Chapter: Infection Prevention and Control (surgical asepsis).`],
      path: [CARE, 'Infection control', 'Standard precautions and asepsis'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Preventing catheter-associated urinary infection',
      stem: '<p>A client has an indwelling urinary catheter after hip surgery.</p><p>Which action by the nurse best reduces the risk of a catheter-associated urinary tract infection?</p>',
      choices: [
        'Keep the drainage bag below the level of the bladder and off the floor',
        'Irrigate the catheter every shift to keep it patent',
        'Disconnect the catheter from the tubing to collect urine specimens',
        'Replace the catheter routinely every 3 days',
      ],
      correct: 0,
      explanation:
        '<p>Keeping the bag <strong>below the bladder</strong> prevents reflux of urine, and keeping it off the floor avoids contamination; the catheter is also removed as soon as it is no longer needed. Routine irrigation and breaking the closed system introduce bacteria (specimens are taken from the sampling port), and routine replacement at fixed intervals is not recommended.</p>',
      references: ['CDC. Guideline for Prevention of Catheter-Associated Urinary Tract Infections (2009).'],
      path: [CARE, 'Infection control', 'Standard precautions and asepsis'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Safe and Effective Care › Safety and injury prevention › Fall prevention and restraints
    {
      name: 'Restraint tied to the side rail',
      stem: '<p>A client is in soft wrist restraints, prescribed to protect an endotracheal tube. The nurse observes assistive personnel caring for the client.</p><p>Which action by the assistive personnel requires the nurse to intervene?</p>',
      choices: [
        'Secures the restraint straps to the side rails of the bed',
        "Leaves room for two fingers between the restraint and the client's wrist",
        'Uses a quick-release knot to tie the straps',
        'Offers fluids and toileting when the restraints are released',
      ],
      correct: 0,
      explanation:
        '<p>Restraints are tied to the <strong>bed frame</strong>, which moves with the client, never to side rails: raising or lowering a rail can pull on the limb and cause injury. A two-finger gap, a quick-release knot and regular release for fluids, toileting and skin care are all correct.</p>',
      references: [
        `${POTTER} Chapter: Patient Safety and Quality (restraints).`,
        "CMS. Conditions of Participation: Patient's Rights, 42 CFR 482.13(e).",
      ],
      path: [CARE, 'Safety and injury prevention', 'Fall prevention and restraints'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Climbing out of bed at night',
      stem: '<p>An 82-year-old client with dementia has tried several times to climb out of bed at night to go to the bathroom. The client has an unsteady gait.</p><p>Which intervention is most appropriate?</p>',
      choices: [
        'Place the bed in its lowest position, use a bed alarm and offer toileting on a regular schedule',
        'Raise all four side rails at night',
        'Ask the provider for a sedative to give at bedtime',
        'Apply a vest restraint for the night',
      ],
      correct: 0,
      explanation:
        '<p>A <strong>low bed, a bed alarm and scheduled toileting</strong> address the reason the client gets up while reducing injury from a fall. Four raised side rails act as a restraint and increase injury when clients climb over them. Sedatives increase confusion and fall risk in older adults, and restraints are a last resort that does not prevent falls.</p>',
      references: [
        `${POTTER} Chapter: Patient Safety and Quality (fall prevention).`,
        'AHRQ. Preventing Falls in Hospitals: A Toolkit for Improving Quality of Care.',
      ],
      path: [CARE, 'Safety and injury prevention', 'Fall prevention and restraints'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: "Fire in a client's room",
      stem: "<p>The nurse enters a client's room and finds the wastebasket next to the bed on fire. The client is in bed and cannot walk without help.</p><p>Which action should the nurse take <strong>first</strong>?</p>",
      choices: [
        'Pull the nearest fire alarm',
        "Close the doors to the other clients' rooms",
        "Extinguish the fire with the unit's extinguisher",
        'Move the client away from the fire',
      ],
      correct: 3,
      explanation:
        '<p>The RACE sequence is <strong>Rescue, Alarm, Contain, Extinguish</strong>: a client in immediate danger is moved away first. The alarm is then activated, doors are closed to contain the fire, and extinguishing is attempted only when it is small and safe to do so.</p>',
      references: [`${POTTER} Chapter: Patient Safety and Quality (fire safety).`],
      path: [CARE, 'Safety and injury prevention', 'Fall prevention and restraints'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Safe and Effective Care › Safety and injury prevention › Medication safety
    {
      name: 'Identifying a client before giving medication',
      stem: "<p>The nurse is about to give a client's 0900 medications.</p><p>Which method of identifying the client is correct?</p>",
      choices: [
        'Ask, “Are you Mr. Jones?” and wait for the client to agree',
        "Compare the client's name and date of birth on the wristband with the medication record",
        'Check the room and bed number against the medication record',
        'Ask the assistive personnel who know the client to confirm the identity',
      ],
      correct: 1,
      explanation:
        "<p>At least <strong>two client identifiers</strong>, such as name and date of birth, are checked against the medication record, ideally also asking the client to state them. A client may agree to the wrong name, and room or bed numbers are never identifiers. Another staff member's recognition does not replace checking identifiers.</p>",
      references: ['The Joint Commission. Hospital National Patient Safety Goals (NPSG.01.01.01).'],
      path: [CARE, 'Safety and injury prevention', 'Medication safety'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Telephone order from a provider',
      stem: '<p>During the night a provider gives the nurse a new medication order over the telephone.</p><p>Which action by the nurse is most appropriate?</p>',
      choices: [
        'Repeat only the medication name back to the provider',
        'Ask the provider to send the order as a text message',
        'Write down the complete order and read it back to the provider for confirmation',
        'Give the medication and ask the provider to write the order in the morning',
      ],
      correct: 2,
      explanation:
        '<p>Verbal and telephone orders are written down in full and <strong>read back</strong> to the prescriber for confirmation, including drug, dose, route and frequency. Repeating only the name misses dose errors, orders by unsecured text message are not accepted, and acting on an order that has not been recorded and verified is unsafe.</p>',
      references: [
        'The Joint Commission. Comprehensive Accreditation Manual for Hospitals: verbal and telephone orders (read-back).',
        `${POTTER} Chapter: Medication Administration.`,
      ],
      path: [CARE, 'Safety and injury prevention', 'Medication safety'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Potassium chloride prescribed IV push',
      stem: "<p>A client's serum potassium is 3.0 mEq/L. The provider prescribes “potassium chloride 20 mEq IV push now.”</p><p>Which action should the nurse take?</p>",
      choices: [
        'Give the dose slowly over 5 minutes',
        'Dilute the dose in 10 mL of normal saline and give it by IV push',
        'Give the dose intramuscularly instead',
        'Contact the provider to clarify the order, because potassium must be diluted and infused with a pump',
      ],
      correct: 3,
      explanation:
        '<p>IV potassium chloride is a <strong>high-alert medication</strong> that is never given by IV push, because a bolus can cause fatal arrhythmias; it is given diluted, by infusion pump, at a controlled rate (typically no more than 10 mEq/h on a general unit). Giving it slowly or diluted as a push is still unsafe, and potassium chloride is not given intramuscularly. The nurse clarifies the order.</p>',
      references: [
        'Institute for Safe Medication Practices. ISMP List of High-Alert Medications in Acute Care Settings.',
        `${LEHNE} Chapter: Agents Affecting the Volume and Ion Content of Body Fluids.`,
      ],
      path: [CARE, 'Safety and injury prevention', 'Medication safety'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Health Promotion and Maintenance › Maternal and newborn care › Antepartum care
    {
      name: 'Magnesium sulfate and absent reflexes',
      stem: "<p>A client at 35 weeks' gestation with preeclampsia with severe features is receiving magnesium sulfate at 2 g/h. Her respiratory rate is 10/min, deep tendon reflexes are absent, and her urine output has been 20 mL/h for 2 hours.</p><p>Which action should the nurse take <strong>first</strong>?</p>",
      choices: [
        'Decrease the infusion rate to 1 g/h',
        'Document the findings and reassess in 1 hour',
        'Give the prescribed dose of labetalol',
        'Stop the magnesium sulfate infusion',
      ],
      correct: 3,
      explanation:
        '<p>Respiratory depression, absent reflexes and oliguria (which slows magnesium excretion) indicate <strong>magnesium toxicity</strong>; the infusion is stopped immediately, the provider notified, and calcium gluconate prepared as the antidote. Lowering the rate still delivers magnesium, waiting risks respiratory arrest, and labetalol treats hypertension, not toxicity.</p>',
      references: [
        `${LOWDERMILK} Chapter: Hypertensive Disorders.`,
        'ACOG Practice Bulletin No. 222: Gestational Hypertension and Preeclampsia (2020).',
      ],
      path: [HEALTH, 'Maternal and newborn care', 'Antepartum care'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Rh-negative client at 28 weeks',
      stem: "<p>A client at 28 weeks' gestation has blood type O negative. Her antibody screen is negative, and the father of the baby's blood type is unknown.</p><p>Which action should the nurse anticipate?</p>",
      choices: [
        'No action, because the fetal blood type is unknown',
        'Schedule an amniocentesis to determine the fetal blood type',
        'Administer Rho(D) immune globulin now',
        'Give Rho(D) immune globulin only after birth if the newborn is Rh-positive',
      ],
      correct: 2,
      explanation:
        '<p>An unsensitized Rh-negative client receives <strong>Rho(D) immune globulin at about 28 weeks</strong> to prevent alloimmunization from silent fetomaternal hemorrhage, and again within 72 hours of birth if the newborn is Rh-positive. Waiting until after birth misses antenatal sensitization, and amniocentesis is invasive and can itself cause fetomaternal bleeding.</p>',
      references: [
        `${LOWDERMILK} Chapter: Nursing Care of the Family During Pregnancy.`,
        'ACOG Practice Bulletin No. 181: Prevention of Rh D Alloimmunization (2017).',
      ],
      path: [HEALTH, 'Maternal and newborn care', 'Antepartum care'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Painless bright red bleeding at 32 weeks',
      stem: "<p>A client at 32 weeks' gestation arrives with painless, bright red vaginal bleeding. Her uterus is soft and nontender, and the fetal heart rate is 145/min.</p><p>Which prescription should the nurse question?</p>",
      choices: [
        'Continuous external fetal monitoring',
        'Ultrasonography to locate the placenta',
        'Digital cervical examination to assess dilation',
        'Insertion of a large-bore intravenous catheter',
      ],
      correct: 2,
      explanation:
        '<p>Painless bright red bleeding in the third trimester suggests <strong>placenta previa</strong>; a digital cervical examination can disrupt the placenta and cause massive hemorrhage, so it is avoided until ultrasonography has located the placenta. Fetal monitoring, ultrasonography and large-bore IV access are all appropriate.</p>',
      references: [`${LOWDERMILK} Chapter: Antepartum Hemorrhagic Disorders.`],
      path: [HEALTH, 'Maternal and newborn care', 'Antepartum care'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Health Promotion and Maintenance › Maternal and newborn care › Intrapartum and postpartum care
    {
      name: 'Late decelerations during oxytocin induction',
      stem: '<p>A client is being induced with an oxytocin infusion. Contractions occur every 90 seconds and last 70 seconds. The fetal heart rate tracing (shown) has a baseline of 150/min with minimal variability and recurrent late decelerations.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        'Discontinue the oxytocin infusion',
        'Increase the oxytocin rate to shorten labor',
        'Help the client into the supine position',
        'Document the pattern as an expected finding',
      ],
      correct: 0,
      explanation:
        '<p>Late decelerations reflect <strong>uteroplacental insufficiency</strong>, worsened here by tachysystole (more than five contractions in 10 minutes). The first step is to stop the oxytocin, then reposition the client laterally, give an IV fluid bolus and notify the provider. Increasing oxytocin worsens fetal hypoxia, the supine position compresses the vena cava, and recurrent late decelerations are never an expected finding.</p>',
      references: [`${LOWDERMILK} Chapter: Fetal Assessment During Labor.`],
      path: [HEALTH, 'Maternal and newborn care', 'Intrapartum and postpartum care'],
      status: 'PUBLISHED',
      author: 'admin',
      image: 'chart',
    },
    {
      name: 'Boggy uterus an hour after birth',
      stem: "<p>One hour after a vaginal birth, the nurse finds the client's fundus soft and boggy at the level of the umbilicus, in the midline, with heavy lochia rubra saturating a pad in 15 minutes.</p><p>Which action should the nurse take <strong>first</strong>?</p>",
      choices: [
        'Notify the provider of the bleeding',
        'Increase the rate of the IV fluid',
        'Massage the fundus until it is firm',
        'Offer the client a bedpan to empty her bladder',
      ],
      correct: 2,
      explanation:
        '<p>A boggy uterus with heavy bleeding is <strong>uterine atony</strong>, the leading cause of postpartum hemorrhage; fundal massage is the immediate nursing action to make the uterus contract. The provider is then notified and uterotonics given as prescribed. Fluids support volume but do not stop the bleeding, and a full bladder typically displaces the fundus to the side, which is not the finding here.</p>',
      references: [`${LOWDERMILK} Chapter: Postpartum Complications.`],
      path: [HEALTH, 'Maternal and newborn care', 'Intrapartum and postpartum care'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Hypotension after an epidural',
      stem: "<p>Twenty minutes after an epidural block is started for labor pain, a client's blood pressure falls from 118/74 to 86/50 mm Hg. The fetal heart rate is 140/min with moderate variability.</p><p>Which action should the nurse take <strong>first</strong>?</p>",
      choices: [
        'Place the client in the Trendelenburg position',
        'Turn the client to a lateral position and increase the IV fluid rate as prescribed',
        'Prepare the client for an emergency cesarean birth',
        'Stop the epidural infusion and remove the catheter',
      ],
      correct: 1,
      explanation:
        '<p>Sympathetic blockade from the epidural causes vasodilation and <strong>maternal hypotension</strong>; a lateral position relieves aortocaval compression, and an IV fluid bolus restores preload (a vasopressor is given if it persists). The Trendelenburg position can impair breathing and is not recommended. The fetal heart rate is reassuring, so emergency birth is not indicated, and the catheter is managed by the anesthesia provider.</p>',
      references: [`${LOWDERMILK} Chapter: Pain Management (epidural analgesia).`],
      path: [HEALTH, 'Maternal and newborn care', 'Intrapartum and postpartum care'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Health Promotion and Maintenance › Maternal and newborn care › Newborn care
    {
      name: "Site for the newborn's vitamin K injection",
      stem: '<p>The nurse is preparing to give a term newborn the prescribed intramuscular vitamin K (phytonadione). A diagram of possible injection sites is shown.</p><p>Which site should the nurse use?</p>',
      choices: ['Deltoid', 'Ventrogluteal', 'Dorsogluteal', 'Vastus lateralis'],
      correct: 3,
      explanation:
        '<p>The <strong>vastus lateralis</strong> (anterolateral thigh) is the best-developed muscle in a newborn and has no major nerves or vessels nearby. The deltoid is too small for newborn injections, and the gluteal muscles are not developed until the child walks; the dorsogluteal site also risks sciatic nerve injury.</p>',
      references: [`${WONG} Chapter: Health Promotion of the Newborn and Family.`],
      path: [HEALTH, 'Maternal and newborn care', 'Newborn care'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'diagram',
    },
    {
      name: 'One-minute Apgar score',
      stem: "<p>At 1 minute after birth, a newborn has a heart rate of 110/min, slow and irregular respirations with a weak cry, some flexion of the extremities, a grimace when the nose is suctioned, and a pink body with bluish hands and feet.</p><p>What is the newborn's Apgar score?</p>",
      choices: ['4', '5', '6', '7'],
      correct: 2,
      explanation:
        '<p>Heart rate above 100/min scores 2; slow, irregular respirations 1; some flexion 1; grimace 1; pink body with acrocyanosis 1, for a total of <strong>6</strong>. A score of 7 would require full points in one more category, and scores of 4 or 5 undercount the heart rate or color.</p>',
      references: [
        `${WONG} Chapter: Health Promotion of the Newborn and Family.`,
        'AAP and ACOG. The Apgar Score. Pediatrics. 2015;136(4):819-822.',
      ],
      path: [HEALTH, 'Maternal and newborn care', 'Newborn care'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Jaundice at 18 hours of age',
      stem: "<p>During an assessment of an 18-hour-old breastfed newborn, the nurse notes yellow skin on the face and chest. The mother's blood type is O positive.</p><p>Which action should the nurse take?</p>",
      choices: [
        'Reassure the parents that this is normal newborn jaundice',
        'Report the finding to the provider for bilirubin testing',
        'Give the newborn supplemental water between feedings',
        'Teach the parents to place the newborn in indirect sunlight at home',
      ],
      correct: 1,
      explanation:
        '<p>Jaundice in the <strong>first 24 hours</strong> of life is pathologic until proven otherwise (for example ABO incompatibility, which is possible with a type O mother) and needs bilirubin measurement and evaluation. Physiologic jaundice appears after 24 hours. Water supplements do not lower bilirubin and can cause hyponatremia, and sunlight is not a safe treatment.</p>',
      references: [
        `${WONG} Chapter: Health Problems of the Newborn (hyperbilirubinemia).`,
        'AAP Clinical Practice Guideline Revision: Management of Hyperbilirubinemia in the Newborn Infant 35 or More Weeks of Gestation (2022).',
      ],
      path: [HEALTH, 'Maternal and newborn care', 'Newborn care'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Health Promotion and Maintenance › Growth and development › Pediatric development
    {
      name: 'Expected play for a 2-year-old',
      stem: '<p>A parent asks the nurse how a 2-year-old is likely to play with other children at daycare.</p><p>Which behavior should the nurse describe as typical for this age?</p>',
      choices: [
        'Playing alongside another child with similar toys without much interaction',
        'Taking turns in a board game and following its rules',
        'Organizing a pretend game in which each child has an assigned role',
        'Ignoring other children completely and showing no interest in them',
      ],
      correct: 0,
      explanation:
        '<p>Toddlers engage in <strong>parallel play</strong>: they play beside other children, often with similar toys, with little interaction. Rule-based games are typical of school-age children, and organized cooperative pretend play develops in the preschool years. Toddlers do notice and watch other children.</p>',
      references: [`${WONG} Chapter: Health Promotion of the Toddler and Family.`],
      path: [HEALTH, 'Growth and development', 'Pediatric development'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Car seat for a 14-month-old',
      stem: "<p>The parents of a 14-month-old who weighs 10 kg (22 lb) ask whether they can now turn the child's car seat to face forward.</p><p>Which response by the nurse is best?</p>",
      choices: [
        "“Keep the seat rear-facing in the back seat until your child reaches the seat's rear-facing height or weight limit.”",
        '“Yes, once a child is older than 1 year and heavier than 20 lb, the seat can face forward.”',
        '“A forward-facing seat is safe in the front seat if the airbag is turned off.”',
        '“Your child can move to a belt-positioning booster seat now.”',
      ],
      correct: 0,
      explanation:
        '<p>Current AAP guidance is to keep children <strong>rear-facing as long as possible</strong>, until they reach the highest height or weight the seat allows, because rear-facing seats spread crash forces across the back. The older “1 year and 20 lb” rule is outdated, children under 13 ride in the back seat, and booster seats are for much older children.</p>',
      references: [
        'Durbin DR, Hoffman BD; AAP Council on Injury, Violence, and Poison Prevention. Child Passenger Safety. Pediatrics. 2018;142(5):e20182460.',
      ],
      path: [HEALTH, 'Growth and development', 'Pediatric development'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Hospitalized 9-year-old',
      stem: "<p>A 9-year-old child will be in the hospital for 2 weeks with osteomyelitis and is receiving IV antibiotics. The child is alert and feels well enough to be out of bed.</p><p>Which intervention best supports the child's developmental stage?</p>",
      choices: [
        'Provide a favorite blanket from home for security',
        'Help the child keep up with schoolwork and complete a craft project',
        'Offer simple two-choice decisions, such as which cup to use',
        'Arrange a group discussion with adolescents about identity and future plans',
      ],
      correct: 1,
      explanation:
        "<p>School-age children are in Erikson's stage of <strong>industry versus inferiority</strong>: finishing schoolwork and projects gives a sense of accomplishment and keeps them connected with school. Security objects and simple choices suit toddlers, and identity discussions belong to adolescence.</p>",
      references: [`${WONG} Chapter: Health Promotion of the School-Age Child and Family.`],
      path: [HEALTH, 'Growth and development', 'Pediatric development'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Health Promotion and Maintenance › Growth and development › Care of the older adult
    {
      name: 'Sudden confusion in an older adult',
      stem: "<p>The daughter of an 84-year-old woman admitted with a urinary tract infection says her mother “isn't herself” today.</p><p>Which finding most strongly suggests delirium rather than dementia?</p>",
      choices: [
        'Onset over a few hours, with attention that comes and goes during the day',
        'Gradual memory loss over the past 3 years',
        'Difficulty finding words that has worsened over several months',
        'Normal level of alertness with poor recall of recent events',
      ],
      correct: 0,
      explanation:
        '<p><strong>Delirium</strong> has an acute onset over hours to days, a fluctuating course and impaired attention, often triggered by infection, medications or dehydration; it is usually reversible when the cause is treated. Gradual memory loss, slowly worsening word-finding and impaired recall with normal alertness are features of dementia.</p>',
      references: [`${LEWIS} Chapter: Dementia and Delirium.`],
      path: [HEALTH, 'Growth and development', 'Care of the older adult'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Older adult asking for diphenhydramine to sleep',
      stem: '<p>A 79-year-old client who has trouble sleeping in the hospital asks the nurse for diphenhydramine, which she takes at home “now and then.”</p><p>Which response by the nurse is most appropriate?</p>',
      choices: [
        'Give the medication, because it is available without a prescription',
        'Offer nonpharmacologic sleep measures and ask the provider about safer alternatives',
        'Give the medication with warm milk to improve its effect',
        'Give half of the usual adult dose',
      ],
      correct: 1,
      explanation:
        '<p>Diphenhydramine is strongly <strong>anticholinergic</strong> and is a potentially inappropriate medication for older adults. Nonpharmacologic measures such as reducing noise and light and keeping a regular routine are tried first, and the provider is asked about alternatives. Over-the-counter availability does not make it safe.</p>',
      references: [
        'American Geriatrics Society 2023 Updated AGS Beers Criteria for Potentially Inappropriate Medication Use in Older Adults.',
      ],
      path: [HEALTH, 'Growth and development', 'Care of the older adult'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "Please name the specific risks (confusion, urinary retention, constipation, falls) in the explanation and explain why choices C and D are wrong. Choice D ('half of the usual dose') could be argued as a reasonable compromise; replace it with a clearly unsafe option.",
    },
    // Psychosocial Integrity › Mental health conditions › Depression and suicide risk
    {
      name: 'Sudden cheerfulness in a depressed client',
      stem: '<p>A client admitted a week ago with major depressive disorder has been withdrawn and tearful. Today the client is smiling, says she feels “at peace now,” and has given her favorite necklace to her roommate.</p><p>Which action should the nurse take?</p>',
      choices: [
        'Document the improvement and suggest planning for discharge',
        'Encourage her to join more group activities',
        'Ask her directly whether she is thinking about killing herself',
        'Tell her it is good to see she is feeling better',
      ],
      correct: 2,
      explanation:
        '<p>A sudden lift in mood with <strong>giving away possessions</strong> can mean the client has made a decision and a plan to die by suicide. The nurse asks directly about suicidal thoughts, plans and means, and increases observation. Treating it as improvement or simply encouraging activities misses a warning sign, and asking directly does not increase risk.</p>',
      references: [
        `${VARCAROLIS} Chapter: Suicide and Non-Suicidal Self-Injury.`,
        'The Joint Commission. National Patient Safety Goal NPSG.15.01.01: Reduce the risk for suicide.',
      ],
      path: [PSYCH, 'Mental health conditions', 'Depression and suicide risk'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: "“I don't see the point anymore”",
      stem: "<p>A client with chronic pain who lost his job last month tells the nurse, “I don't see the point in any of this anymore.”</p><p>Which response by the nurse is most appropriate?</p>",
      choices: [
        '“Are you thinking about killing yourself?”',
        "“Things will look better after a good night's sleep.”",
        '“Why would you say something like that?”',
        '“You have so much to live for.”',
      ],
      correct: 0,
      explanation:
        "<p>Statements of hopelessness are assessed by <strong>asking directly about suicide</strong> in clear words; this opens the conversation and allows risk to be judged. False reassurance and reminders of reasons to live dismiss the client's feelings, and “why” questions put the client on the defensive.</p>",
      references: [`${VARCAROLIS} Chapter: Suicide and Non-Suicidal Self-Injury.`],
      path: [PSYCH, 'Mental health conditions', 'Depression and suicide risk'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Starting sertraline',
      stem: '<p>A client with major depressive disorder is started on sertraline 50 mg daily. The client asks when the medication will start to help.</p><p>Which information should the nurse include in the response?</p>',
      choices: [
        '“Your mood should improve within 2 or 3 days.”',
        '“It can take several weeks to feel the full effect; tell us right away if you have thoughts of harming yourself.”',
        '“Stop the medication if you feel drowsy during the first week.”',
        '“Avoid aged cheese and cured meats while taking this medication.”',
      ],
      correct: 1,
      explanation:
        '<p>SSRIs usually take <strong>2–6 weeks</strong> for a noticeable effect and longer for full benefit, and early treatment carries a risk of increased suicidal thinking, especially in young people, so clients are told to report it at once. Stopping abruptly causes discontinuation symptoms, and tyramine restrictions apply to MAO inhibitors, not SSRIs.</p>',
      references: [`${LEHNE} Chapter: Antidepressants.`],
      path: [PSYCH, 'Mental health conditions', 'Depression and suicide risk'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Psychosocial Integrity › Mental health conditions › Psychosis and bipolar disorder
    {
      name: 'Teaching about lithium',
      stem: '<p>A client with bipolar I disorder is being discharged on lithium carbonate.</p><p>Which instruction should the nurse include in the teaching?</p>',
      choices: [
        '“Cut down on the salt in your diet as much as you can.”',
        '“Use ibuprofen for headaches or muscle aches.”',
        '“You only need blood levels checked if you feel unwell.”',
        '“Keep your salt intake steady and drink 2 to 3 liters of fluid a day.”',
      ],
      correct: 3,
      explanation:
        '<p>Lithium is handled by the kidneys like sodium: low sodium or dehydration increases lithium reabsorption and can cause <strong>toxicity</strong>, so salt intake is kept consistent and fluid intake adequate. NSAIDs such as ibuprofen raise lithium levels, and the narrow therapeutic range requires regular blood level monitoring whether or not the client feels well.</p>',
      references: [`${LEHNE} Chapter: Drugs for Bipolar Disorder.`],
      path: [PSYCH, 'Mental health conditions', 'Psychosis and bipolar disorder'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Client hearing voices',
      stem: '<p>A client with schizophrenia tells the nurse that voices are talking to him.</p><p>Which response by the nurse is most appropriate?</p>',
      choices: [
        'Tell him that the voices are not real',
        'Ask what the voices are telling him to do',
        'Change the subject to something happening on the unit',
        'Ask him to describe what the voices sound like in detail',
      ],
      correct: 1,
      explanation:
        '<p>The priority is safety: the nurse asks whether the voices are <strong>command hallucinations</strong> telling him to harm himself or others. Arguing that the voices are not real damages trust, and changing the subject dismisses his experience.</p>',
      references: [`${VARCAROLIS} Chapter: Schizophrenia Spectrum and Other Psychotic Disorders.`],
      path: [PSYCH, 'Mental health conditions', 'Psychosis and bipolar disorder'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        'Please describe behavior in the stem (the client is looking at the corner and whispering) and write the choices as quoted nurse statements, as in our other communication items. The key should also acknowledge that the nurse does not hear the voices. Explanation does not cover choice D.',
    },
    {
      name: 'Fever and rigidity on haloperidol',
      stem: '<p>A client started on haloperidol 3 days ago has a temperature of 40.1°C (104.2°F), severe muscle rigidity, diaphoresis, a pulse of 122/min and a blood pressure that swings between 100/60 and 170/100 mm Hg. The client is confused.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        'Give acetaminophen and recheck the temperature in 1 hour',
        'Withhold the haloperidol and notify the provider immediately',
        'Give the prescribed benztropine for extrapyramidal symptoms',
        'Encourage oral fluids and help the client walk in the hall',
      ],
      correct: 1,
      explanation:
        '<p>Hyperthermia, lead-pipe rigidity, autonomic instability and altered mental status suggest <strong>neuroleptic malignant syndrome</strong>, a medical emergency: the antipsychotic is stopped and the provider notified for supportive care and possibly dantrolene or bromocriptine. Acetaminophen does not treat the cause, benztropine is for dystonia and parkinsonism, and walking is unsafe for a rigid, confused client.</p>',
      references: [`${LEHNE} Chapter: Antipsychotic Agents and Their Use in Schizophrenia.`],
      path: [PSYCH, 'Mental health conditions', 'Psychosis and bipolar disorder'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Psychosocial Integrity › Mental health conditions › Substance use and withdrawal
    {
      name: 'Tremor and tachycardia after the last drink',
      stem: '<p>A client admitted for a hip fracture had his last alcoholic drink 36 hours ago. He is now tremulous, sweating and anxious, with a pulse of 118/min and blood pressure of 168/98 mm Hg. His CIWA-Ar score is 18.</p><p>Which action should the nurse take?</p>',
      choices: [
        'Give the prescribed haloperidol to calm the client',
        'Give the prescribed lorazepam according to the withdrawal protocol',
        'Let the client sleep and reassess in the morning',
        'Apply wrist restraints to protect the hip',
      ],
      correct: 1,
      explanation:
        '<p>These signs indicate moderate <strong>alcohol withdrawal</strong>; <strong>benzodiazepines</strong> such as lorazepam, dosed by CIWA-Ar score, reduce symptoms and prevent seizures and delirium tremens. Haloperidol lowers the seizure threshold and does not treat withdrawal, delaying treatment allows progression, and restraints increase agitation and injury.</p>',
      references: [
        `${VARCAROLIS} Chapter: Substance-Related and Addictive Disorders.`,
        'American Society of Addiction Medicine. Clinical Practice Guideline on Alcohol Withdrawal Management (2020).',
      ],
      path: [PSYCH, 'Mental health conditions', 'Substance use and withdrawal'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Thiamine before glucose-containing fluids',
      stem: '<p>A malnourished client with alcohol use disorder is admitted with confusion, nystagmus and an unsteady gait. Blood glucose is 98 mg/dL. The provider prescribes thiamine IV, a multivitamin, folic acid and an infusion of 5% dextrose in 0.45% saline.</p><p>Which prescription should the nurse implement <strong>first</strong>?</p>',
      choices: ['The multivitamin', 'Folic acid', 'The dextrose infusion', 'Thiamine'],
      correct: 3,
      explanation:
        '<p>Confusion, nystagmus and ataxia suggest <strong>Wernicke encephalopathy</strong> from thiamine deficiency. Giving glucose first can use up the remaining thiamine and worsen the damage, so <strong>thiamine is given before dextrose-containing fluids</strong>. The multivitamin and folic acid are useful but not urgent.</p>',
      references: [`${LEWIS} Chapter: Substance Use Disorders.`],
      path: [PSYCH, 'Mental health conditions', 'Substance use and withdrawal'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'After naloxone for a methadone overdose',
      stem: '<p>A client who took an unknown amount of methadone was given naloxone and is now awake and breathing 16 times per minute. The client asks to go home.</p><p>Which action by the nurse is most important?</p>',
      choices: [
        'Prepare the discharge paperwork, because the client is now alert',
        'Give a second dose of naloxone before the client leaves',
        'Monitor respirations and level of consciousness closely for several hours',
        'Dim the lights and let the client sleep without interruption',
      ],
      correct: 2,
      explanation:
        '<p>Naloxone acts for only 30–90 minutes, while methadone lasts far longer, so <strong>respiratory depression can return</strong> after the naloxone wears off; the client is monitored closely and may need repeat doses or an infusion. Discharging or leaving the client unmonitored is unsafe, and extra naloxone without need can precipitate withdrawal.</p>',
      references: [
        `${LEHNE} Chapter: Opioid Analgesics, Opioid Antagonists, and Nonopioid Centrally Acting Analgesics.`,
      ],
      path: [PSYCH, 'Mental health conditions', 'Substance use and withdrawal'],
      status: 'SUBMITTED',
      author: 'writer',
      reviewComment:
        "Resubmitted after review. The first version said 'an opioid overdose'; the stem now names methadone so the long duration of action is clear, and the explanation gives naloxone's duration.",
    },
    // Psychosocial Integrity › Therapeutic communication › Communication techniques
    {
      name: 'Fear before surgery',
      stem: "<p>The evening before a coronary artery bypass graft, a client tells the nurse, “I'm scared I won't wake up after the operation.”</p><p>Which response by the nurse is most therapeutic?</p>",
      choices: [
        "“Don't worry, your surgeon has done hundreds of these.”",
        '“Why do you feel that way?”',
        '“Everyone feels nervous the night before surgery.”',
        '“Tell me more about what is worrying you.”',
      ],
      correct: 3,
      explanation:
        '<p>An <strong>open-ended invitation</strong> to talk encourages the client to express specific fears, which the nurse can then address. False reassurance and generalizing (“everyone feels that way”) shut down the conversation, and “why” questions can sound judgmental and make the client defensive.</p>',
      references: [`${POTTER} Chapter: Communication.`],
      path: [PSYCH, 'Therapeutic communication', 'Communication techniques'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Client who speaks only Spanish',
      stem: '<p>A client who speaks only Spanish is admitted for chest pain. Her 12-year-old son, who speaks English and Spanish, is with her. The nurse needs to complete the admission history.</p><p>Which action is most appropriate?</p>',
      choices: [
        "Ask the client's son to interpret",
        'Use a qualified medical interpreter, in person or by phone or video',
        'Speak slowly and clearly in English and use gestures',
        'Ask a bilingual housekeeper from the unit to interpret',
      ],
      correct: 1,
      explanation:
        '<p>A <strong>qualified medical interpreter</strong> ensures accurate, confidential communication and is required by federal rules for clients with limited English proficiency. Children and untrained staff may omit or misinterpret information and compromise privacy, and slow English with gestures does not ensure understanding.</p>',
      references: [
        `${POTTER} Chapter: Cultural Competence.`,
        'U.S. Department of Health and Human Services. Section 1557 of the Affordable Care Act: Language Assistance Services.',
      ],
      path: [PSYCH, 'Therapeutic communication', 'Communication techniques'],
      status: 'DRAFT',
      author: 'admin',
    },
    {
      name: 'Checking understanding after teaching',
      stem: "<p>The nurse has taught a client with heart failure how to take a new diuretic and weigh herself daily.</p><p>Which action best evaluates the client's understanding?</p>",
      choices: [
        'Ask, “Do you have any questions?”',
        'Give the client a printed handout to read at home',
        'Ask the client to explain in her own words how and when she will take the medication and weigh herself',
        'Ask a family member to sign that the teaching was completed',
      ],
      correct: 2,
      explanation:
        '<p>The <strong>teach-back</strong> method asks clients to explain or show what they learned, which reveals gaps the nurse can correct. Clients often say they have no questions even when they do not understand, handouts do not confirm comprehension, and a signature documents only that teaching occurred.</p>',
      references: [
        'AHRQ. Health Literacy Universal Precautions Toolkit. Tool: Use the Teach-Back Method.',
        `${POTTER} Chapter: Patient Education.`,
      ],
      path: [PSYCH, 'Therapeutic communication', 'Communication techniques'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Psychosocial Integrity › Therapeutic communication › Grief and end-of-life care
    {
      name: 'Family at the bedside of a dying client',
      stem: '<p>A client receiving hospice care is unresponsive, with periods of apnea alternating with deep breaths and mottled, cool knees and feet. His wife asks whether he can still hear her.</p><p>Which response by the nurse is best?</p>',
      choices: [
        '“No, he is no longer aware of anything around him.”',
        '“Hearing is thought to remain until very late, so keep talking to him.”',
        '“It would be better for you to rest at home now.”',
        '“We can start high-flow oxygen to stop this breathing pattern.”',
      ],
      correct: 1,
      explanation:
        '<p>Hearing is believed to be one of the <strong>last senses lost</strong>, so family members are encouraged to talk to and touch the client. Telling the wife he is unaware removes that comfort, sending her home may deny her wishes, and Cheyne–Stokes breathing near death is expected and not corrected by oxygen.</p>',
      references: [`${POTTER} Chapter: Loss and Grief.`],
      path: [PSYCH, 'Therapeutic communication', 'Grief and end-of-life care'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: '“If I could just live until the wedding”',
      stem: "<p>A client with metastatic pancreatic cancer tells the nurse, “If I can just make it to my daughter's wedding in June, I'll be ready to go.”</p><p>Which stage of grief is the client expressing?</p>",
      choices: ['Denial', 'Anger', 'Bargaining', 'Acceptance'],
      correct: 2,
      explanation:
        '<p><strong>Bargaining</strong> is an attempt to postpone loss by making a deal, often for more time to reach a milestone. Denial refuses to accept the diagnosis, anger is directed outward at others or fate, and acceptance is a calmer readiness without conditions attached.</p>',
      references: [`${POTTER} Chapter: Loss and Grief.`],
      path: [PSYCH, 'Therapeutic communication', 'Grief and end-of-life care'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Physiological Integrity › Pharmacological therapies › Cardiovascular medications
    {
      name: 'Digoxin and an apical pulse of 52',
      stem: '<p>A client with heart failure is due for digoxin 0.125 mg. The nurse counts an apical pulse of 52/min; yesterday it was 74/min.</p><p>Which action should the nurse take?</p>',
      choices: [
        'Give the dose and recheck the pulse in 1 hour',
        'Give half the dose',
        'Withhold the dose and notify the provider',
        'Give the dose with a potassium supplement',
      ],
      correct: 2,
      explanation:
        '<p>Digoxin is generally <strong>held for an apical pulse below 60/min</strong> in adults (or as the provider specifies), because bradycardia can signal toxicity; the provider is notified and a digoxin level and potassium may be checked. Giving any part of the dose risks worsening bradycardia, and potassium is given only for a documented low level.</p>',
      references: [`${LEHNE} Chapter: Drugs for Heart Failure.`],
      path: [PHYS, 'Pharmacological therapies', 'Cardiovascular medications'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Finding that needs action on lisinopril',
      stem: "<p>A client started lisinopril 10 mg daily for hypertension 5 days ago.</p><p>Which finding requires the nurse's <strong>immediate</strong> action?</p>",
      choices: [
        'Swelling of the lips and tongue',
        'A dry, nonproductive cough',
        'Dizziness when standing up quickly',
        'A serum potassium of 5.0 mEq/L',
      ],
      correct: 0,
      explanation:
        '<p><strong>Angioedema</strong> is a rare but life-threatening effect of ACE inhibitors that can obstruct the airway; the drug is stopped and the airway protected. A dry cough is common and leads to a switch to another drug, mild orthostatic dizziness is expected early, and a potassium of 5.0 mEq/L is at the upper limit of normal and is monitored.</p>',
      references: [`${LEHNE} Chapter: Drugs Acting on the Renin-Angiotensin-Aldosterone System.`],
      path: [PHYS, 'Pharmacological therapies', 'Cardiovascular medications'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Physiological Integrity › Pharmacological therapies › Insulin and endocrine medications
    {
      name: 'Shaky client with a glucose of 58',
      stem: '<p>A client with type 2 diabetes who takes insulin glargine is shaky and sweaty before lunch. The capillary blood glucose is 58 mg/dL. The client is alert and can swallow.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        'Give 15 g of fast-acting carbohydrate, such as 4 oz (120 mL) of juice, and recheck in 15 minutes',
        'Give glucagon 1 mg intramuscularly',
        'Give peanut butter crackers and a glass of milk',
        'Notify the provider before treating the low glucose',
      ],
      correct: 0,
      explanation:
        '<p>A conscious client who can swallow is treated with the <strong>“rule of 15”</strong>: 15 g of fast-acting carbohydrate, recheck in 15 minutes, and repeat if glucose is still below 70 mg/dL, followed by a snack or meal. Glucagon is for clients who cannot take oral carbohydrate. Fat and protein slow absorption, and treatment should not be delayed to call the provider.</p>',
      references: [
        'American Diabetes Association. Standards of Care in Diabetes—2025, Section 6: Glycemic Goals and Hypoglycemia.',
        `${LEWIS} Chapter: Diabetes Mellitus.`,
      ],
      path: [PHYS, 'Pharmacological therapies', 'Insulin and endocrine medications'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Mixing regular and NPH insulin',
      stem: '<p>The nurse is preparing a dose of regular insulin and NPH insulin in the same syringe.</p><p>Which technique is correct?</p>',
      choices: [
        'Draw up the cloudy NPH insulin first, then the clear regular insulin',
        'Shake the NPH vial vigorously before drawing it up',
        'Inject air into both vials, then draw up the clear regular insulin before the cloudy NPH',
        'Draw up each insulin in a separate syringe and combine them in a third syringe',
      ],
      correct: 2,
      explanation:
        '<p>Air is injected into the NPH vial and then the regular vial, and <strong>clear regular insulin is drawn up first</strong>, so the regular vial is never contaminated with NPH, which would alter its action. NPH is gently rolled, not shaken, to avoid bubbles and inaccurate doses, and transferring insulin between syringes is not an accepted practice.</p>',
      references: [`${POTTER} Chapter: Medication Administration (mixing insulins).`],
      path: [PHYS, 'Pharmacological therapies', 'Insulin and endocrine medications'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Teaching about levothyroxine',
      stem: '<p>A client newly diagnosed with hypothyroidism is starting levothyroxine.</p><p>Which instruction should the nurse include?</p>',
      choices: [
        '“Take it with your calcium supplement at breakfast.”',
        '“You can stop the medication once you feel better.”',
        '“Take it at bedtime with a small snack.”',
        '“Take it on an empty stomach, 30 to 60 minutes before breakfast.”',
      ],
      correct: 3,
      explanation:
        '<p>Levothyroxine absorption is reduced by food and by <strong>calcium, iron and antacids</strong>, so it is taken on an empty stomach at the same time each day, separated from those products by about 4 hours. Treatment of hypothyroidism is usually lifelong, and taking it with a snack reduces absorption.</p>',
      references: [`${LEHNE} Chapter: Drugs for Thyroid Disorders.`],
      path: [PHYS, 'Pharmacological therapies', 'Insulin and endocrine medications'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Before starting an insulin infusion for DKA',
      stem: '<p>A client with diabetic ketoacidosis has received 1 L of 0.9% sodium chloride. The provider prescribes a continuous intravenous regular insulin infusion. The metabolic panel drawn on arrival is still pending.</p><p>Which result should the nurse confirm before starting the infusion?</p>',
      choices: ['Serum amylase', 'Hemoglobin A1c', 'Serum potassium', 'Urine ketones'],
      correct: 2,
      explanation:
        '<p>Insulin drives potassium into cells and can cause dangerous <strong>hypokalemia</strong>; if serum potassium is below 3.3 mEq/L, insulin is held and potassium replaced first. Amylase, hemoglobin A1c and urine ketones do not affect the safety of starting insulin.</p>',
      references: [
        'Umpierrez GE, et al. Hyperglycemic Crises in Adults With Diabetes: A Consensus Report. Diabetes Care, 2024.',
        `${LEWIS} Chapter: Diabetes Mellitus.`,
      ],
      path: [PHYS, 'Pharmacological therapies', 'Insulin and endocrine medications'],
      status: 'SUBMITTED',
      author: 'writer',
      reviewComment:
        'Resubmitted after review. The first version gave a normal potassium in the stem, which made the question pointless; the panel is now pending and the explanation cites the 3.3 mEq/L threshold.',
    },
    // Physiological Integrity › Pharmacological therapies › Anticoagulants
    {
      name: 'aPTT of 110 seconds on heparin',
      stem: '<p>A client with a pulmonary embolism is receiving a continuous heparin infusion. The aPTT is 110 seconds (control 30 seconds; target range per protocol 60–80 seconds). The client has no signs of bleeding.</p><p>Which action should the nurse take?</p>',
      choices: [
        'Increase the infusion rate as the protocol directs',
        'Continue the infusion at the current rate',
        'Give vitamin K as prescribed',
        'Hold the infusion and notify the provider according to the protocol',
      ],
      correct: 3,
      explanation:
        '<p>An aPTT of 110 seconds is well <strong>above the target range</strong>, so the risk of bleeding is high; heparin protocols direct holding the infusion for a period, then restarting at a lower rate, and the provider is informed. Increasing or continuing the rate is unsafe. Vitamin K reverses warfarin; protamine is the antidote for heparin if reversal is needed.</p>',
      references: [`${LEHNE} Chapter: Anticoagulant, Antiplatelet, and Thrombolytic Drugs.`],
      path: [PHYS, 'Pharmacological therapies', 'Anticoagulants'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Warfarin and green vegetables',
      stem: '<p>A client starting warfarin for atrial fibrillation says she eats a salad with spinach most days.</p><p>Which instruction should the nurse give?</p>',
      choices: [
        '“Keep the amount of green leafy vegetables you eat about the same from day to day.”',
        '“Stop eating green leafy vegetables while you take warfarin.”',
        '“Eat extra spinach on days you notice bruising.”',
        '“Take aspirin rather than acetaminophen for headaches.”',
      ],
      correct: 0,
      explanation:
        "<p>Vitamin K counteracts warfarin, so what matters is a <strong>consistent intake</strong>: the dose is adjusted to the client's usual diet, and sudden changes alter the INR. Eliminating greens is unnecessary and makes dosing unstable, eating more spinach is not a treatment for bleeding, and aspirin increases bleeding risk.</p>",
      references: [`${LEHNE} Chapter: Anticoagulant, Antiplatelet, and Thrombolytic Drugs.`],
      path: [PHYS, 'Pharmacological therapies', 'Anticoagulants'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Injecting enoxaparin',
      stem: '<p>The nurse is giving enoxaparin 40 mg subcutaneously from a prefilled syringe to a client after knee replacement.</p><p>Which action is correct?</p>',
      choices: [
        'Expel the air bubble from the syringe before injecting',
        'Aspirate before injecting to check for blood',
        'Leave the air bubble in the syringe and inject into the abdomen at least 2 inches from the umbilicus',
        'Massage the site after the injection to improve absorption',
      ],
      correct: 2,
      explanation:
        '<p>The air bubble in a prefilled enoxaparin syringe is <strong>left in place</strong> so that the full dose is delivered, and the injection is given into the abdominal fat away from the umbilicus. Aspirating and massaging increase bruising and hematoma formation.</p>',
      references: [
        `${LEHNE} Chapter: Anticoagulant, Antiplatelet, and Thrombolytic Drugs.`,
        'Lovenox (enoxaparin sodium) prescribing information.',
      ],
      path: [PHYS, 'Pharmacological therapies', 'Anticoagulants'],
      status: 'SUBMITTED',
      author: 'admin',
    },
    // Physiological Integrity › Reduction of risk potential › Laboratory values
    {
      name: 'Potassium of 6.8 with peaked T waves',
      stem: '<p>A client with chronic kidney disease who missed two dialysis sessions has a serum potassium of 6.8 mEq/L. A 12-lead ECG (shown) has tall, peaked T waves. The client reports generalized weakness.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        "Give the client's scheduled oral potassium supplement",
        'Place the client on continuous cardiac monitoring and notify the provider',
        'Encourage foods low in potassium at the next meal',
        'Recheck the potassium level in the morning',
      ],
      correct: 1,
      explanation:
        '<p>Severe <strong>hyperkalemia</strong> with ECG changes can cause ventricular fibrillation or asystole, so the client is placed on a cardiac monitor and the provider notified at once; the nurse anticipates IV calcium gluconate to stabilize the myocardium, then insulin with glucose and urgent dialysis. A potassium supplement would be harmful, and dietary changes and waiting until morning are far too slow.</p>',
      references: [`${LEWIS} Chapter: Fluid, Electrolyte, and Acid-Base Imbalances.`],
      path: [PHYS, 'Reduction of risk potential', 'Laboratory values'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'ecg',
    },
    {
      name: 'Neutropenic client on chemotherapy',
      stem: '<p>A client receiving chemotherapy for leukemia has an absolute neutrophil count of 400/mm<sup>3</sup>.</p><p>Which action should the nurse take?</p>',
      choices: [
        'Remove the fresh flowers a visitor brought',
        'Encourage fresh salads to improve nutrition',
        'Measure the temperature rectally every 4 hours',
        'Allow a visitor with a cold to stay if the visitor wears a mask',
      ],
      correct: 0,
      explanation:
        '<p>An ANC below 500/mm<sup>3</sup> is severe <strong>neutropenia</strong>; fresh flowers and standing water can harbor bacteria and fungi, so they are removed. Raw produce may be restricted by facility policy, rectal temperatures risk mucosal injury and infection, and visitors who are ill should stay away.</p>',
      references: [`${LEWIS} Chapter: Hematologic Problems (neutropenia).`],
      path: [PHYS, 'Reduction of risk potential', 'Laboratory values'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Physiological Integrity › Reduction of risk potential › Postoperative complications
    {
      name: 'Continuous bubbling in the water-seal chamber',
      stem: "<p>A client has a chest tube connected to a disposable drainage system (diagram shown) for a spontaneous pneumothorax. Until now the water-seal chamber bubbled only intermittently when the client coughed; it now bubbles continuously. The client's breathing is unchanged.</p><p>Which action should the nurse take <strong>first</strong>?</p>",
      choices: [
        'Clamp the chest tube near the insertion site and leave it clamped until the provider arrives',
        'Strip the chest tube vigorously from the client toward the drainage unit',
        'Check the tubing and connections from the insertion site to the drainage unit for an air leak',
        'Empty and refill the water-seal chamber',
      ],
      correct: 2,
      explanation:
        '<p>Continuous bubbling in the water-seal chamber indicates an <strong>air leak</strong>, which may be in the system (a loose connection or a dislodged tube) or in the client, so the nurse first checks the tubing and connections. Prolonged clamping can cause a tension pneumothorax, stripping creates high negative pressure and is not recommended, and emptying the water seal would break it.</p>',
      references: [`${LEWIS} Chapter: Lower Respiratory Problems (chest drainage).`],
      path: [PHYS, 'Reduction of risk potential', 'Postoperative complications'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'diagram',
    },
    {
      name: 'Organs visible through the incision',
      stem: '<p>On the fifth day after abdominal surgery, a client who is obese coughs and says, “Something gave way.” The nurse sees loops of bowel protruding through the incision.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        'Gently push the bowel back into the abdomen',
        'Cover the wound with sterile dressings moistened with sterile saline',
        'Apply a dry gauze dressing and an abdominal binder',
        'Help the client sit upright and cough again',
      ],
      correct: 1,
      explanation:
        "<p><strong>Evisceration</strong> is an emergency: the exposed organs are covered with sterile, <strong>saline-moistened</strong> dressings to keep them from drying and becoming contaminated, the client is placed in low Fowler's position with knees bent, and the surgeon is notified. Pushing the bowel back risks injury and infection, dry gauze sticks to tissue, and sitting up and coughing raises abdominal pressure.</p>",
      references: [`${LEWIS} Chapter: Postoperative Care.`],
      path: [PHYS, 'Reduction of risk potential', 'Postoperative complications'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Sudden dyspnea on postoperative day 3',
      stem: '<p>Three days after a total hip replacement, a client suddenly reports shortness of breath and sharp chest pain when breathing in. The client is anxious.</p><p>Which action should the nurse take <strong>first</strong>?</p>',
      choices: [
        'Raise the head of the bed, apply oxygen and call the rapid response team',
        'Obtain a 12-lead ECG',
        'Give the prescribed oral analgesic',
        'Encourage use of the incentive spirometer',
      ],
      correct: 0,
      explanation:
        '<p>Sudden dyspnea and pleuritic chest pain after orthopedic surgery suggest <strong>pulmonary embolism</strong>. Supporting oxygenation comes first, followed by diagnostic tests and anticoagulation as prescribed. Analgesia and incentive spirometry do not address the emergency.</p>',
      references: [`${LEWIS} Chapter: Lower Respiratory Problems (pulmonary embolism).`],
      path: [PHYS, 'Reduction of risk potential', 'Postoperative complications'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        'The key bundles three actions while the distractors are single actions, which cues the answer. Please make the choices parallel, and give vital signs (pulse, respiratory rate, SpO2) in the stem so the priority is clear.',
    },
    // Physiological Integrity › Physiological adaptation › Fluid and electrolyte imbalances
    {
      name: 'Hyponatremia from SIADH',
      stem: '<p>A client with small cell lung cancer has a serum sodium of 124 mEq/L, a low serum osmolality and concentrated urine. The client is mildly confused. Syndrome of inappropriate antidiuretic hormone secretion is diagnosed.</p><p>Which intervention should the nurse anticipate?</p>',
      choices: [
        'Encourage an oral fluid intake of at least 3 L a day',
        'Infuse 0.45% sodium chloride at 125 mL/h',
        'Restrict fluid intake as prescribed',
        'Give desmopressin as prescribed',
      ],
      correct: 2,
      explanation:
        '<p>In <strong>SIADH</strong>, excess ADH causes water retention and dilutional hyponatremia, so <strong>fluid restriction</strong> is first-line, with seizure precautions and monitoring of sodium. Extra oral fluids and hypotonic saline worsen the hyponatremia, and desmopressin is an ADH analog.</p>',
      references: [`${LEWIS} Chapter: Endocrine Problems (SIADH).`],
      path: [PHYS, 'Physiological adaptation', 'Fluid and electrolyte imbalances'],
      status: 'DRAFT',
      author: 'writer',
    },
    {
      name: 'Sign of fluid volume deficit',
      stem: '<p>An 80-year-old client has had vomiting and diarrhea for 3 days and has been drinking very little.</p><p>Which finding is most consistent with fluid volume deficit?</p>',
      choices: [
        'Bounding peripheral pulses',
        'Urine specific gravity of 1.035',
        'Crackles in both lung bases',
        'Distended neck veins with the head of the bed at 45 degrees',
      ],
      correct: 1,
      explanation:
        '<p>With <strong>fluid volume deficit</strong> the kidneys conserve water, so urine becomes concentrated with a specific gravity above 1.030; other signs include tachycardia, orthostatic hypotension and a raised BUN. Bounding pulses, crackles and distended neck veins are signs of fluid volume excess.</p>',
      references: [`${LEWIS} Chapter: Fluid, Electrolyte, and Acid-Base Imbalances.`],
      path: [PHYS, 'Physiological adaptation', 'Fluid and electrolyte imbalances'],
      status: 'SUBMITTED',
      author: 'writer',
      reviewComment:
        'Resubmitted after review. Skin turgor was removed as a choice because it is unreliable in older adults; specific gravity is now the key and the explanation lists the other expected signs.',
    },
    // Physiological Integrity › Physiological adaptation › Cardiac and respiratory emergencies
    {
      name: 'Pulseless ventricular tachycardia',
      stem: '<p>The cardiac monitor of a client admitted with chest pain alarms, and the rhythm strip (shown) shows a wide-complex ventricular tachycardia at 190/min. The nurse finds the client unresponsive with no carotid pulse and calls for help and the defibrillator.</p><p>Which action should the nurse take next?</p>',
      choices: [
        'Give amiodarone 300 mg IV push',
        'Perform synchronized cardioversion',
        'Begin high-quality chest compressions',
        'Obtain a 12-lead ECG to confirm the rhythm',
      ],
      correct: 2,
      explanation:
        '<p>Pulseless ventricular tachycardia is treated as <strong>cardiac arrest</strong>: chest compressions start immediately and continue until the defibrillator arrives for an unsynchronized shock. Amiodarone is given only after shocks have failed, synchronized cardioversion is for unstable tachycardia <em>with</em> a pulse, and obtaining an ECG delays lifesaving care.</p>',
      references: [
        'American Heart Association. Guidelines for Cardiopulmonary Resuscitation and Emergency Cardiovascular Care: Adult Advanced Life Support.',
      ],
      path: [PHYS, 'Physiological adaptation', 'Cardiac and respiratory emergencies'],
      status: 'PUBLISHED',
      author: 'admin',
      image: 'ecg',
    },
    {
      name: 'Drooling child sitting forward',
      stem: '<p>A 4-year-old who has not been vaccinated is brought to the emergency department with a sudden high fever. The child is sitting upright, leaning forward with the chin thrust out, drooling, and has inspiratory stridor.</p><p>Which action should the nurse take?</p>',
      choices: [
        'Use a tongue depressor to inspect the throat',
        'Obtain a throat swab for culture',
        'Lay the child flat to count respirations',
        "Keep the child calm and upright on the parent's lap and avoid examining the throat",
      ],
      correct: 3,
      explanation:
        '<p>These are signs of <strong>epiglottitis</strong>, in which the swollen epiglottis can suddenly obstruct the airway. The child is kept calm and upright, and nothing is placed in the mouth until staff are ready to secure the airway. A tongue depressor or throat swab can trigger complete obstruction, and lying flat worsens it.</p>',
      references: [`${WONG} Chapter: The Child With Respiratory Dysfunction.`],
      path: [PHYS, 'Physiological adaptation', 'Cardiac and respiratory emergencies'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Wheezing and hives during an antibiotic infusion',
      stem: '<p>Ten minutes into the first dose of IV piperacillin-tazobactam, a client develops hives, wheezing, throat tightness and a blood pressure of 84/50 mm Hg. The nurse stops the infusion.</p><p>Which prescribed medication should the nurse give <strong>first</strong>?</p>',
      choices: [
        'Diphenhydramine IV',
        'Methylprednisolone IV',
        'Albuterol by nebulizer',
        'Epinephrine intramuscularly',
      ],
      correct: 3,
      explanation:
        '<p><strong>Epinephrine</strong>, given intramuscularly into the thigh, is the first-line treatment for anaphylaxis: it reverses bronchospasm, vasodilation and airway swelling. Antihistamines relieve hives only, corticosteroids act over hours, and albuterol treats bronchospasm but not hypotension or airway edema.</p>',
      references: [
        'AAAAI/ACAAI Joint Task Force on Practice Parameters. Anaphylaxis: A 2023 Practice Parameter Update.',
        `${LEWIS} Chapter: Immune Responses and Transplantation.`,
      ],
      path: [PHYS, 'Physiological adaptation', 'Cardiac and respiratory emergencies'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Large spontaneous pneumothorax',
      stem: '<p>A tall, thin 22-year-old man has sudden right-sided chest pain and shortness of breath. His oxygen saturation is 93% on room air, and his blood pressure and pulse are stable. The chest x-ray (shown) shows a large right pneumothorax without mediastinal shift.</p><p>Which equipment should the nurse prepare?</p>',
      choices: [
        'Supplies for endotracheal intubation',
        'A pericardiocentesis tray',
        'Equipment for bronchoscopy',
        'A chest tube insertion tray and a closed drainage system',
      ],
      correct: 3,
      explanation:
        '<p>A large <strong>primary spontaneous pneumothorax</strong> in a stable client is treated by evacuating the air, usually with a small-bore chest tube connected to a closed drainage system (or needle aspiration). Intubation is not needed for a client who is oxygenating well, pericardiocentesis treats cardiac tamponade, and bronchoscopy does not re-expand the lung.</p>',
      references: [
        `${LEWIS} Chapter: Lower Respiratory Problems (pneumothorax).`,
        'British Thoracic Society Guideline for Pleural Disease (2023).',
      ],
      path: [PHYS, 'Physiological adaptation', 'Cardiac and respiratory emergencies'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'xray',
    },
  ],
};
