import type { SeedBank } from './types';

const ETHICS = 'Ethics and Professional Responsibilities';
const PLANNING = 'Audit Planning';
const EVIDENCE = 'Evidence and Procedures';
const REPORTING = 'Reporting';

export const cpa: SeedBank = {
  tree: [
    {
      subject: ETHICS,
      categories: [
        {
          name: 'Independence',
          subcategories: ['Financial interests and relationships', 'Nonattest services'],
        },
        {
          name: 'Engagement acceptance and quality',
          subcategories: [
            'Terms of engagement',
            'Predecessor communications',
            'Quality management and documentation',
          ],
        },
      ],
    },
    {
      subject: PLANNING,
      categories: [
        {
          name: 'Risk assessment',
          subcategories: ['Understanding the entity and its environment', 'Fraud risk', 'Materiality'],
        },
        {
          name: 'Internal control',
          subcategories: [
            'Understanding controls and COSO',
            'Tests of controls',
            'Communicating deficiencies',
          ],
        },
      ],
    },
    {
      subject: EVIDENCE,
      categories: [
        {
          name: 'Substantive procedures',
          subcategories: ['Confirmations', 'Analytical procedures', 'Inventory and cash'],
        },
        { name: 'Audit sampling', subcategories: ['Attribute sampling', 'Monetary unit sampling'] },
        {
          name: 'Specific audit areas',
          subcategories: ['Accounting estimates', 'Related parties', 'Subsequent events'],
        },
      ],
    },
    {
      subject: REPORTING,
      categories: [
        {
          name: 'Audit opinions',
          subcategories: [
            'Unmodified opinions and report elements',
            'Modified opinions',
            'Going concern and report paragraphs',
          ],
        },
        {
          name: 'Other engagements',
          subcategories: ['Review, compilation and preparation', 'Attestation engagements'],
        },
      ],
    },
  ],
  questions: [
    // Ethics › Independence › Financial interests and relationships
    {
      name: 'Partner who owns a few shares of the client',
      stem: "<p>Morgan is a partner on the engagement team for the audit of Redwood Manufacturing, Inc., a nonissuer. Morgan owns 100 shares of Redwood common stock worth $3,200, an amount that is immaterial to Morgan's net worth.</p><p>Under the AICPA Code of Professional Conduct, which statement is correct?</p>",
      choices: [
        'Independence is not impaired, because the investment is immaterial to Morgan',
        'Independence is impaired, because Morgan holds a direct financial interest in the attest client',
        "Independence is impaired only if Morgan owns more than 5% of Redwood's outstanding shares",
        "Independence is not impaired if Morgan discloses the holding to Redwood's board of directors",
      ],
      correct: 1,
      choiceExplanations: [
        '<p>Materiality matters only for <em>indirect</em> financial interests; a direct one impairs at any size.</p>',
        '<p>Any direct financial interest held by a covered member impairs independence.</p>',
        '<p>The 5% test is not a rule for covered members: any direct holding impairs independence.</p>',
        '<p>Disclosure does not cure an impairment; Morgan must dispose of the shares.</p>',
      ],
      explanation:
        '<p>A covered member may not hold <strong>any direct financial interest</strong> in an attest client, however small; materiality is relevant only to <em>indirect</em> financial interests. There is no 5% threshold for covered members, and disclosure to the client does not cure the impairment. Morgan must dispose of the shares before joining the engagement.</p>',
      references: ['AICPA Code of Professional Conduct, ET 1.240.010, Overview of Financial Interests.'],
      path: [ETHICS, 'Independence', 'Financial interests and relationships'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: "Engagement partner's spouse becomes CFO",
      stem: "<p>The spouse of Lee, the engagement partner on the audit of Harbor Foods, a nonissuer, accepts the position of chief financial officer at Harbor Foods during the audit period. The spouse owns no Harbor Foods stock.</p><p>Which statement about the firm's independence is correct?</p>",
      choices: [
        'Independence is impaired, because an immediate family member of a covered member holds a key position with the attest client',
        'Independence is not impaired, because the spouse has no financial interest in Harbor Foods',
        "Independence is not impaired if the spouse's salary is immaterial to the household",
        'Independence is impaired only if the spouse signs the management representation letter',
      ],
      correct: 0,
      explanation:
        '<p>Under the Code, independence is impaired when an <strong>immediate family member</strong> of a covered member is employed by an attest client in a <strong>key position</strong>, and a CFO has primary responsibility for the financial statements. The lack of a financial interest and the size of the salary are irrelevant, and the impairment exists whether or not the spouse signs the representation letter; Lee would need to leave the engagement.</p>',
      references: ['AICPA Code of Professional Conduct, ET 1.270.100, Immediate Family Members.'],
      path: [ETHICS, 'Independence', 'Financial interests and relationships'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Loan from a bank that is an audit client',
      stem: "<p>A senior on the audit of First County Bank, a nonissuer, needs a loan. Any loan would be obtained under the bank's normal lending procedures, terms and requirements.</p><p>Which loan from First County Bank, obtained after the senior joined the engagement team, would <strong>not</strong> impair independence?</p>",
      choices: [
        "A home mortgage on the senior's primary residence",
        "An unsecured personal loan that is material to the senior's net worth",
        'A home equity line of credit',
        'An automobile loan collateralized by the automobile',
      ],
      correct: 3,
      explanation:
        '<p>The Code permits certain loans from a financial-institution attest client made under normal terms, including <strong>automobile loans and leases collateralized by the automobile</strong>, loans fully collateralized by cash deposits, and credit card balances of $10,000 or less. Home mortgages, home equity lines and other secured or material unsecured loans obtained while a covered member impair independence (only some loans obtained earlier are grandfathered).</p>',
      references: [
        'AICPA Code of Professional Conduct, ET 1.260.020, Loans and Leases With Lending Institutions.',
      ],
      path: [ETHICS, 'Independence', 'Financial interests and relationships'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Ethics › Independence › Nonattest services
    {
      name: 'Bookkeeping for a nonissuer audit client',
      stem: "<p>A CPA firm audits Oakview LLC, a nonissuer, and has been asked to record Oakview's monthly journal entries from source documents that Oakview prepares.</p><p>Which condition is necessary for the firm to remain independent?</p>",
      choices: [
        "The firm's fees for the bookkeeping must not exceed the audit fee",
        'The bookkeeping must be performed by staff who are not on the audit team',
        'Oakview must designate an individual with suitable skill, knowledge or experience to oversee the services and accept responsibility for the results',
        'The firm must approve the journal entries before posting to ensure they are accurate',
      ],
      correct: 2,
      explanation:
        '<p>Nonattest services are allowed for a nonissuer only if management <strong>assumes all management responsibilities</strong>, including designating an individual with suitable skill, knowledge or experience to oversee the service and accepting responsibility for the results, and the understanding is documented. The Code has no fee cap for this, and using separate staff does not by itself satisfy the requirements. Approving the entries is a management responsibility that would impair independence.</p>',
      references: [
        'AICPA Code of Professional Conduct, ET 1.295.040, General Requirements for Performing Nonattest Services.',
      ],
      path: [ETHICS, 'Independence', 'Nonattest services'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Service allowed for an issuer audit client',
      stem: '<p>A registered public accounting firm audits Crestline Corp., an issuer whose shares trade on a national exchange.</p><p>Which service may the firm provide to Crestline without impairing its independence?</p>',
      choices: [
        "Designing and implementing Crestline's financial information system",
        "Performing Crestline's internal audit function on an outsourced basis",
        'Appraising assets that Crestline contributed to a joint venture',
        "Preparing Crestline's corporate income tax returns, with audit committee preapproval",
      ],
      correct: 3,
      explanation:
        '<p>The Sarbanes-Oxley Act and SEC rules prohibit auditors of issuers from providing bookkeeping, <strong>financial information systems design and implementation</strong>, appraisal or valuation services, actuarial services, <strong>internal audit outsourcing</strong>, management functions and several other services. <strong>Tax compliance</strong> is permitted if the audit committee preapproves it and it does not involve prohibited tax transactions or services to people in financial reporting oversight roles.</p>',
      references: [
        'Sarbanes-Oxley Act of 2002, Section 201; SEC Regulation S-X, Rule 2-01(c)(4).',
        'PCAOB Rule 3524, Audit Committee Pre-approval of Certain Tax Services.',
      ],
      path: [ETHICS, 'Independence', 'Nonattest services'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Activity that is a management responsibility',
      stem: "<p>A CPA firm audits Summit Supply, a nonissuer, and also provides several nonattest services to it.</p><p>Which activity would impair the firm's independence?</p>",
      choices: [
        "Approving vendor invoices for payment on Summit's behalf",
        "Preparing a draft of the financial statements that Summit's controller reviews and approves",
        'Advising management on how a new accounting standard applies to Summit',
        'Recommending improvements to controls in a letter to management',
      ],
      correct: 0,
      explanation:
        '<p><strong>Authorizing or approving transactions</strong>, such as vendor payments, is a management responsibility, and performing it impairs independence. Preparing financial statements that management reviews and takes responsibility for, giving technical advice, and recommending control improvements are permitted when the general requirements for nonattest services are met.</p>',
      references: ['AICPA Code of Professional Conduct, ET 1.295.030, Management Responsibilities.'],
      path: [ETHICS, 'Independence', 'Nonattest services'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Ethics › Engagement acceptance and quality › Terms of engagement
    {
      name: 'Required content of the engagement letter',
      stem: "<p>An auditor is drafting the engagement letter for a first-year audit of a nonissuer's financial statements prepared in accordance with U.S. GAAP.</p><p>Which item is required to be included in the agreed-upon terms of the audit engagement?</p>",
      choices: [
        "Management's responsibility for the design, implementation and maintenance of internal control relevant to the preparation and fair presentation of the financial statements",
        'The planned materiality for the financial statements as a whole',
        'A list of the significant risks the auditor expects to identify',
        'A statement that the audit will detect any fraud involving senior management',
      ],
      correct: 0,
      explanation:
        "<p>The agreed terms must include the objective and scope of the audit, the auditor's responsibilities, <strong>management's responsibilities</strong> (including internal control relevant to the financial statements), a statement about the inherent limitations of an audit, the applicable financial reporting framework, and the expected form and content of the report. Materiality and risk assessments are the auditor's planning judgments and are not agreed with management, and an audit provides reasonable, not absolute, assurance about fraud.</p>",
      references: ['AICPA Professional Standards, AU-C 210, Terms of Engagement.'],
      path: [ETHICS, 'Engagement acceptance and quality', 'Terms of engagement'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Scope limitation imposed before acceptance',
      stem: "<p>While considering a proposed audit of a nonissuer, the auditor learns that management will not allow the auditor to observe the year-end inventory count or communicate with the entity's legal counsel. The auditor concludes that these limitations would result in a disclaimer of opinion. No law or regulation requires the audit.</p><p>What should the auditor do?</p>",
      choices: [
        'Decline the audit engagement',
        'Accept the engagement and express a qualified opinion',
        'Accept the engagement and issue a disclaimer of opinion',
        'Accept the engagement and describe the limitations in an other-matter paragraph',
      ],
      correct: 0,
      explanation:
        '<p>If management imposes a scope limitation in the proposed terms that the auditor believes will result in a <strong>disclaimer of opinion</strong>, the auditor should <strong>not accept</strong> the engagement as an audit unless required by law or regulation. Accepting in order to issue a disclaimer or a qualified opinion is not appropriate, and an other-matter paragraph cannot substitute for sufficient appropriate evidence.</p>',
      references: [
        'AICPA Professional Standards, AU-C 210, Terms of Engagement (preconditions for an audit).',
      ],
      path: [ETHICS, 'Engagement acceptance and quality', 'Terms of engagement'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Ethics › Engagement acceptance and quality › Predecessor communications
    {
      name: 'Before accepting a client that changed auditors',
      stem: '<p>Birch & Co., CPAs, has been asked to audit the financial statements of Delta Components, a nonissuer whose prior-year statements were audited by another firm.</p><p>Before accepting the engagement, Birch & Co. should:</p>',
      choices: [
        "Review the predecessor auditor's audit documentation for the prior year",
        'Obtain a representation letter from the predecessor auditor',
        'Confirm the opening balances directly with the predecessor auditor',
        "Request management's authorization to make inquiries of the predecessor auditor",
      ],
      correct: 3,
      explanation:
        "<p>Before accepting, the successor must ask management to <strong>authorize the predecessor to respond fully</strong> to inquiries about management's integrity, disagreements with management, communications about fraud, noncompliance and internal control matters, and the reasons for the change. Reviewing the predecessor's documentation is optional and usually occurs after acceptance. Predecessors do not issue representation letters, and opening balances are audited by the successor rather than confirmed with the predecessor.</p>",
      references: [
        'AICPA Professional Standards, AU-C 210, Terms of Engagement (communications with predecessor auditor).',
        'AICPA Professional Standards, AU-C 510, Opening Balances—Initial Audit Engagements.',
      ],
      path: [ETHICS, 'Engagement acceptance and quality', 'Predecessor communications'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Management refuses to let the predecessor talk',
      stem: "<p>A prospective client's management refuses to authorize its former auditor to respond to the successor auditor's inquiries, saying only that the relationship “ended badly.”</p><p>What should the successor auditor do?</p>",
      choices: [
        'Contact the predecessor anyway, because the successor has a professional duty to make inquiries',
        'Inquire about the reasons and consider the implications of the refusal in deciding whether to accept the engagement',
        "Accept the engagement and disclose the refusal in the auditor's report",
        'Accept the engagement and perform extra procedures only on opening balances',
      ],
      correct: 1,
      explanation:
        "<p>When management refuses or limits authorization, the successor should <strong>inquire about the reasons and consider the implications</strong> when deciding whether to accept; an unexplained refusal is a warning sign about management's integrity. The predecessor cannot disclose confidential client information without consent. The refusal is not reported in the auditor's report, and extra work on opening balances does not address the integrity concern.</p>",
      references: [
        'AICPA Professional Standards, AU-C 210, Terms of Engagement (communications with predecessor auditor).',
      ],
      path: [ETHICS, 'Engagement acceptance and quality', 'Predecessor communications'],
      status: 'SUBMITTED',
      author: 'admin',
    },
    // Ethics › Engagement acceptance and quality › Quality management and documentation
    {
      name: 'Deadline for assembling the final audit file',
      stem: "<p>An auditor released the report on the audit of a nonissuer's financial statements on March 10, 20X5.</p><p>By which date must the final audit file be assembled?</p>",
      choices: ['March 10, 20X5', 'April 24, 20X5', 'May 9, 20X5', 'March 10, 20X6'],
      correct: 2,
      explanation:
        '<p>Under GAAS, the documentation completion date is no later than <strong>60 days after the report release date</strong>, here May 9, 20X5; documentation is then retained for at least 5 years. April 24 is 45 days, the PCAOB deadline for issuer audits. The report release date itself is too early, and a full year is not a documentation standard.</p>',
      references: [
        'AICPA Professional Standards, AU-C 230, Audit Documentation.',
        'PCAOB AS 1215, Audit Documentation.',
      ],
      path: [ETHICS, 'Engagement acceptance and quality', 'Quality management and documentation'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Audit Planning › Risk assessment › Understanding the entity and its environment
    {
      name: 'Procedure that is not a risk assessment procedure',
      stem: "<p>During planning, an auditor performs risk assessment procedures to understand the entity and its environment, the applicable financial reporting framework and the entity's system of internal control.</p><p>Which procedure is <strong>least</strong> likely to be performed as a risk assessment procedure?</p>",
      choices: [
        'Inquiring of the internal audit function about its significant findings',
        'Comparing current-year revenue by product line with prior-year amounts',
        'Reading minutes of board meetings for significant new contracts',
        'Sending positive confirmation requests to a sample of customers',
      ],
      correct: 3,
      explanation:
        '<p>Risk assessment procedures consist of <strong>inquiries, analytical procedures, and observation and inspection</strong>. Confirming customer balances is a substantive procedure that responds to assessed risks of misstatement in receivables. Inquiring of internal audit, comparing revenue trends and reading minutes are all typical risk assessment procedures.</p>',
      references: [
        'AICPA Professional Standards, AU-C 315, Understanding the Entity and Its Environment and Assessing the Risks of Material Misstatement.',
      ],
      path: [PLANNING, 'Risk assessment', 'Understanding the entity and its environment'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Mid-year change to a new pricing model',
      stem: '<p>In the middle of the year, a software company moved from selling perpetual licenses to selling subscriptions and introduced new contract terms and a new billing system to support them.</p><p>Which inherent risk factor described in AU-C 315 does this situation most directly illustrate?</p>',
      choices: ['Change', 'Detection risk', 'Control deficiency', 'Sampling risk'],
      correct: 0,
      explanation:
        "<p>AU-C 315 identifies five <strong>inherent risk factors</strong>: complexity, subjectivity, <strong>change</strong>, uncertainty, and susceptibility to misstatement due to management bias or other fraud risk factors. A new business model, contract terms and system during the year are a clear example of change. Detection risk and sampling risk relate to the auditor's procedures, and a control deficiency concerns internal control, not inherent risk.</p>",
      references: [
        'AICPA Professional Standards, AU-C 315, Understanding the Entity and Its Environment and Assessing the Risks of Material Misstatement (inherent risk factors).',
      ],
      path: [PLANNING, 'Risk assessment', 'Understanding the entity and its environment'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'What makes a risk significant',
      stem: '<p>An audit senior asks what distinguishes a <em>significant risk</em> from other risks of material misstatement identified in the audit of a nonissuer.</p><p>Under AU-C 315, a significant risk is an identified risk of material misstatement:</p>',
      choices: [
        'For which control risk has been assessed at the maximum',
        'That arises from routine, high-volume transactions',
        'That could produce any misstatement larger than the clearly trivial threshold',
        'For which the assessment of inherent risk is close to the upper end of the spectrum of inherent risk',
      ],
      correct: 3,
      explanation:
        '<p>A significant risk is one for which inherent risk is assessed <strong>close to the upper end of the spectrum of inherent risk</strong>, based on the likelihood and magnitude of misstatement, or one that another AU-C section requires to be treated as significant (such as fraud risks). The assessment is made before considering controls, so control risk does not define it. Routine, high-volume transactions usually carry lower inherent risk, and the clearly trivial threshold relates to accumulating misstatements.</p>',
      references: [
        'AICPA Professional Standards, AU-C 315, Understanding the Entity and Its Environment and Assessing the Risks of Material Misstatement.',
      ],
      path: [PLANNING, 'Risk assessment', 'Understanding the entity and its environment'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Audit Planning › Risk assessment › Fraud risk
    {
      name: 'Fraud risk that cannot be rebutted',
      stem: '<p>An engagement team is identifying and assessing the risks of material misstatement due to fraud in a financial statement audit.</p><p>Which fraud risk is present in all entities and may <strong>not</strong> be rebutted by the auditor?</p>',
      choices: [
        'Improper revenue recognition',
        'Misappropriation of cash receipts',
        'Overstatement of inventory quantities',
        'Management override of controls',
      ],
      correct: 3,
      explanation:
        '<p>The risk of <strong>management override of controls</strong> is present in every entity, so the auditor must always test journal entries, review accounting estimates for bias and evaluate the business rationale for significant unusual transactions. Improper revenue recognition is <em>presumed</em> to be a fraud risk, but the presumption can be rebutted with documented reasons. Cash misappropriation and inventory overstatement are risks the auditor assesses case by case.</p>',
      references: [
        'AICPA Professional Standards, AU-C 240, Consideration of Fraud in a Financial Statement Audit.',
      ],
      path: [PLANNING, 'Risk assessment', 'Fraud risk'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Earnings that always just beat the forecast',
      stem: "<p>The chart (shown) compares a client's quarterly earnings per share with the analysts' consensus forecast for the past eight quarters; in every quarter, the client beat the forecast by exactly $0.01. The CEO's and CFO's annual bonuses depend on meeting quarterly earnings targets.</p><p>In the fraud triangle, the bonus arrangement is best described as:</p>",
      choices: [
        'An incentive or pressure to commit fraud',
        'An opportunity to commit fraud',
        'An attitude or rationalization',
        'Evidence that collusion has occurred',
      ],
      correct: 0,
      explanation:
        "<p>Compensation tied to earnings targets gives management an <strong>incentive</strong> to manipulate results, and the pattern of consistently just meeting forecasts is a related warning sign. Opportunity arises from weak controls or management's ability to override them, and attitude or rationalization concerns how individuals justify misconduct. A bonus plan alone is not evidence of collusion.</p>",
      references: [
        'AICPA Professional Standards, AU-C 240, Consideration of Fraud in a Financial Statement Audit (fraud risk factors).',
      ],
      path: [PLANNING, 'Risk assessment', 'Fraud risk'],
      status: 'PUBLISHED',
      author: 'admin',
      image: 'chart',
    },
    {
      name: 'Small theft by a petty cash clerk',
      stem: '<p>While testing petty cash, an auditor finds that a clerk with no other role in internal control took $400 over several months. The amount is clearly immaterial to the financial statements, and no one in management is involved.</p><p>What should the auditor do?</p>',
      choices: [
        'Communicate the matter to an appropriate level of management, usually at least one level above the people involved',
        'Take no further action, because the amount is immaterial',
        'Report the matter directly to law enforcement',
        'Withdraw from the engagement',
      ],
      correct: 0,
      explanation:
        "<p>When the auditor identifies fraud, even an inconsequential one, it should be communicated on a timely basis to an <strong>appropriate level of management</strong>, usually at least one level above those involved. Fraud involving senior management or causing material misstatement would also go to those charged with governance. Reporting to outside authorities is generally not the auditor's duty and could breach confidentiality, and a small theft by a clerk does not call for withdrawal.</p>",
      references: [
        'AICPA Professional Standards, AU-C 240, Consideration of Fraud in a Financial Statement Audit (communications to management).',
      ],
      path: [PLANNING, 'Risk assessment', 'Fraud risk'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Audit Planning › Risk assessment › Materiality
    {
      name: 'Why performance materiality is set lower',
      stem: '<p>An auditor sets materiality for the financial statements as a whole at $500,000 and performance materiality at $375,000.</p><p>What is the main purpose of setting performance materiality below overall materiality?</p>',
      choices: [
        'To reduce to an appropriately low level the probability that uncorrected and undetected misstatements together exceed materiality',
        'To set the amount below which misstatements need not be accumulated',
        'To determine the amount that management must correct before the report is issued',
        'To establish the materiality level for disclosures only',
      ],
      correct: 0,
      explanation:
        '<p><strong>Performance materiality</strong> leaves a margin so that the <strong>aggregate</strong> of uncorrected and undetected misstatements is unlikely to exceed materiality for the financial statements as a whole. The threshold below which misstatements are not accumulated is the clearly trivial amount. Management is asked to correct all accumulated misstatements, not only those above performance materiality, and lower materiality levels for particular disclosures are set separately when needed.</p>',
      references: [
        'AICPA Professional Standards, AU-C 320, Materiality in Planning and Performing an Audit.',
      ],
      path: [PLANNING, 'Risk assessment', 'Materiality'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: "Benchmark for a charity's materiality",
      stem: '<p>An auditor is determining materiality for the financial statements of a not-for-profit organization. Its main users are donors and grantors, who focus on how resources are spent on programs.</p><p>Which benchmark is most commonly appropriate?</p>',
      choices: ['Net income', 'Earnings per share', 'Total expenses', 'Market capitalization'],
      correct: 2,
      explanation:
        '<p>For not-for-profit entities, <strong>total expenses</strong> (or total revenue) is a common benchmark because users focus on how resources are raised and used. Net income and earnings per share are profit measures used for commercial entities, and market capitalization applies to publicly traded companies.</p>',
      references: [
        'AICPA Professional Standards, AU-C 320, Materiality in Planning and Performing an Audit (benchmarks).',
      ],
      path: [PLANNING, 'Risk assessment', 'Materiality'],
      status: 'DRAFT',
      author: 'writer',
    },
    {
      name: 'Actual results far below the planning estimate',
      stem: '<p>An auditor set materiality at 5% of expected pretax income of $2,000,000. Near year-end it becomes clear that pretax income will be about $1,200,000, mainly because of a large fourth-quarter impairment charge.</p><p>What should the auditor do?</p>',
      choices: [
        'Keep the original materiality, because materiality is fixed once planning is complete',
        'Revise materiality and consider whether performance materiality and the nature, timing and extent of further procedures remain appropriate',
        'Increase materiality so that fewer procedures are needed',
        'Express a qualified opinion because the benchmark changed',
      ],
      correct: 1,
      explanation:
        '<p>Materiality is <strong>revised</strong> when the auditor becomes aware of information that would have led to a different amount initially, and the auditor then reconsiders performance materiality and the further audit procedures. Materiality is not fixed at planning, nothing here justifies increasing it, and a change in the benchmark does not affect the opinion.</p>',
      references: [
        'AICPA Professional Standards, AU-C 320, Materiality in Planning and Performing an Audit (revision as the audit progresses).',
      ],
      path: [PLANNING, 'Risk assessment', 'Materiality'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        'AU-C 320 lets the auditor normalize a benchmark for unusual items, so a learner could argue materiality need not change after a one-time impairment. Please either say the charge reflects a lasting decline in the business or add the normalized figure, and explain the normalization point in the explanation.',
    },
    // Audit Planning › Internal control › Understanding controls and COSO
    {
      name: 'A component of internal control',
      stem: "<p>An auditor documents the understanding of a client's system of internal control using the COSO <em>Internal Control—Integrated Framework</em> (2013).</p><p>Which of the following is one of the five components of internal control in that framework?</p>",
      choices: [
        'Segregation of duties',
        'Monitoring activities',
        'The audit committee',
        'Financial statement assertions',
      ],
      correct: 1,
      explanation:
        "<p>The five COSO components are the control environment, risk assessment, control activities, information and communication, and <strong>monitoring activities</strong>. Segregation of duties is an example of a control activity, the audit committee's oversight is part of the control environment, and assertions are management's representations embodied in the financial statements.</p>",
      references: [
        'COSO. Internal Control—Integrated Framework (2013).',
        'AICPA Professional Standards, AU-C 315 (components of the system of internal control).',
      ],
      path: [PLANNING, 'Internal control', 'Understanding controls and COSO'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'One clerk handles all cash receipts',
      stem: "<p>The flowchart (shown) describes a small distributor's cash receipts process. The same accounts receivable clerk opens the mail, lists the checks received, posts payments to customer accounts and prepares the bank deposit.</p><p>Which change would most improve internal control over cash receipts?</p>",
      choices: [
        'Have an employee independent of accounts receivable open the mail and prepare the list of receipts',
        'Have the clerk deposit receipts weekly instead of daily',
        'Have the clerk also reconcile the monthly bank statement',
        'Have the clerk sign an annual code-of-conduct acknowledgment',
      ],
      correct: 0,
      explanation:
        '<p>The weakness is a lack of <strong>segregation of duties</strong>: one person has custody of the checks and records the payments, so receipts could be stolen and concealed (for example by lapping). Having someone independent of recording open the mail and list receipts separates custody from recording. Weekly deposits increase the risk of loss, giving the clerk the bank reconciliation adds another incompatible duty, and a signed acknowledgment does not prevent or detect theft.</p>',
      references: [
        'COSO. Internal Control—Integrated Framework (2013), Control Activities.',
        'AICPA Audit Guide: Assessing and Responding to Audit Risk in a Financial Statement Audit.',
      ],
      path: [PLANNING, 'Internal control', 'Understanding controls and COSO'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'diagram',
    },
    {
      name: 'Purpose of a walkthrough',
      stem: '<p>An auditor follows a single purchase transaction from the requisition through recording in the general ledger, asking personnel about their procedures and inspecting documents at each step.</p><p>What is the main purpose of this procedure?</p>',
      choices: [
        'To evaluate the design of controls and determine whether they have been implemented',
        'To test the operating effectiveness of controls throughout the year',
        'To obtain substantive evidence about the completeness of accounts payable',
        'To estimate the rate of control deviations in the population',
      ],
      correct: 0,
      explanation:
        "<p>A <strong>walkthrough</strong> confirms the auditor's understanding of the flow of transactions and helps <strong>evaluate design and determine implementation</strong> of relevant controls. A single transaction cannot show that a control operated effectively throughout the period, nor does it provide substantive evidence about balances or a basis for estimating a deviation rate.</p>",
      references: [
        'AICPA Professional Standards, AU-C 315 (evaluating design and determining implementation of controls).',
      ],
      path: [PLANNING, 'Internal control', 'Understanding controls and COSO'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Audit Planning › Internal control › Tests of controls
    {
      name: 'Using control evidence from prior audits',
      stem: '<p>In the third year of auditing a nonissuer, an auditor plans to rely on controls that were tested for operating effectiveness in prior years.</p><p>Which statement is correct under AU-C 330?</p>',
      choices: [
        'Controls that have not changed never need to be retested once they have been tested',
        'Controls that mitigate a significant risk must be tested in the current period if the auditor plans to rely on them',
        'Evidence from prior audits can be used for any control for up to five years',
        'Evidence from prior audits can be used for a control that has changed, if the change was minor',
      ],
      correct: 1,
      explanation:
        '<p>For controls over a <strong>significant risk</strong>, the auditor must test operating effectiveness in the <strong>current period</strong> to rely on them. Other unchanged controls may rely on earlier evidence, but must be tested at least once in every third audit, with some controls tested each audit. A control that has changed in a way affecting the relevance of earlier evidence must be tested in the current audit.</p>',
      references: [
        'AICPA Professional Standards, AU-C 330, Performing Audit Procedures in Response to Assessed Risks and Evaluating the Audit Evidence Obtained.',
      ],
      path: [PLANNING, 'Internal control', 'Tests of controls'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Identifying a test of controls',
      stem: "<p>An auditor plans to rely on the client's three-way match control over purchases.</p><p>Which procedure is a test of controls?</p>",
      choices: [
        'Confirming accounts payable balances with major vendors',
        'Recalculating depreciation expense for the year',
        "Comparing this year's gross margin with last year's",
        'Inspecting a sample of paid vendor invoices for evidence that they were matched to purchase orders and receiving reports',
      ],
      correct: 3,
      explanation:
        '<p>A test of controls gathers evidence that a control <strong>operated effectively</strong>; inspecting invoices for evidence of the three-way match (or reperforming it) does exactly that. Confirming balances, recalculating depreciation and comparing gross margins are substantive procedures that test amounts rather than controls.</p>',
      references: ['AICPA Professional Standards, AU-C 330 (tests of controls).'],
      path: [PLANNING, 'Internal control', 'Tests of controls'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Missing approvals in a test of credit controls',
      stem: "<p>An auditor planned to rely on the client's control requiring credit approval before shipment. In a sample of 60 sales orders, 4 lacked evidence of credit approval.</p><p>What should the auditor do next?</p>",
      choices: [
        'Replace the 4 items with other randomly selected orders',
        'Conclude that the control is effective because 56 of 60 orders were approved',
        'Ignore the deviations because the number is small',
        'Investigate the nature and cause of the deviations and determine whether additional tests or changes to substantive procedures are needed',
      ],
      correct: 3,
      explanation:
        '<p>When deviations are found, the auditor <strong>inquires into their nature and cause</strong> and evaluates whether the control can still be relied on, whether more testing is needed, or whether substantive procedures must change. Replacing deviations with other items or ignoring them biases the results, and 56 of 60 approvals does not by itself show effectiveness.</p>',
      references: ['AICPA Professional Standards, AU-C 330 (evaluating deviations).'],
      path: [PLANNING, 'Internal control', 'Tests of controls'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "Please give the tolerable and expected deviation rates so learners can see that 4 of 60 is above tolerance; without them, 'the control is effective' is not clearly wrong. Also cite AU-C 530 for evaluating sample deviations.",
    },
    // Audit Planning › Internal control › Communicating deficiencies
    {
      name: 'Definition of a material weakness',
      stem: '<p>An auditor of a nonissuer is evaluating deficiencies in internal control identified during the audit.</p><p>Which of the following defines a <em>material weakness</em>?</p>',
      choices: [
        'A deficiency, or combination of deficiencies, less severe than a significant deficiency yet important enough to merit the attention of those charged with governance',
        'A deficiency, or combination of deficiencies, such that there is a reasonable possibility that a material misstatement will not be prevented, or detected and corrected, on a timely basis',
        'A deficiency that exists when a necessary control is missing from the design',
        'A deficiency for which the likelihood of material misstatement is remote',
      ],
      correct: 1,
      explanation:
        '<p>A <strong>material weakness</strong> is a deficiency or combination of deficiencies creating a <strong>reasonable possibility</strong> that a material misstatement will not be prevented, or detected and corrected, on a timely basis. A significant deficiency is less severe than a material weakness (the first choice reverses the order). A missing control is a deficiency in design, which may or may not be a material weakness, and a remote likelihood does not meet the definition.</p>',
      references: [
        'AICPA Professional Standards, AU-C 265, Communicating Internal Control Related Matters Identified in an Audit.',
      ],
      path: [PLANNING, 'Internal control', 'Communicating deficiencies'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Deadline for communicating significant deficiencies',
      stem: '<p>During the audit of a nonissuer, the auditor identified two significant deficiencies in internal control over financial reporting.</p><p>By when must the auditor communicate them in writing to management and those charged with governance?</p>',
      choices: [
        'Before fieldwork begins in the following year',
        'Within 10 days after the end of fieldwork',
        'No later than 60 days after the report release date',
        'Only if management requests a written communication',
      ],
      correct: 2,
      explanation:
        '<p>Significant deficiencies and material weaknesses must be communicated <strong>in writing</strong> to management and those charged with governance, on a timely basis and <strong>no later than 60 days after the report release date</strong>; the communication is best made by the report release date. Waiting until the next audit is too late, there is no 10-day rule, and the written communication is required whether or not management asks for it.</p>',
      references: [
        'AICPA Professional Standards, AU-C 265, Communicating Internal Control Related Matters Identified in an Audit.',
      ],
      path: [PLANNING, 'Internal control', 'Communicating deficiencies'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Required statement in the deficiency letter',
      stem: '<p>An auditor is drafting the written communication of significant deficiencies identified in the audit of a nonissuer.</p><p>Which statement must the communication include?</p>',
      choices: [
        'An opinion on whether internal control was effective at year-end',
        'A statement that no significant deficiencies exist other than those reported',
        'A statement that the auditor is not expressing an opinion on the effectiveness of internal control',
        'A description of the sampling methods the auditor used',
      ],
      correct: 2,
      explanation:
        '<p>The written communication explains that the audit considered internal control only as a basis for designing audit procedures and that the auditor is <strong>not expressing an opinion</strong> on the effectiveness of internal control. Because the audit is not designed to find all deficiencies, the auditor cannot give assurance that none exist beyond those reported. Sampling methods are not part of the communication.</p>',
      references: [
        'AICPA Professional Standards, AU-C 265, Communicating Internal Control Related Matters Identified in an Audit (content of the written communication).',
      ],
      path: [PLANNING, 'Internal control', 'Communicating deficiencies'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        'Please list the other required elements (purpose of the audit, definitions of the deficiencies reported, restricted-use alert) in the explanation, and say explicitly that AU-C 265 prohibits a written statement that no significant deficiencies were identified, since that is the trap in choice B.',
    },
    // Evidence and Procedures › Substantive procedures › Confirmations
    {
      name: 'When negative confirmations are enough',
      stem: "<p>An auditor is considering using negative confirmation requests as the sole substantive procedure for a client's trade receivables. The assessed risk of material misstatement is low, and the auditor has tested the operating effectiveness of the relevant controls.</p><p>Which additional condition supports using negative confirmations alone?</p>",
      choices: [
        'The receivables consist of a few large balances',
        'The auditor expects a high rate of exceptions',
        'Customers are unlikely to read the requests carefully',
        'The population consists of a large number of small, homogeneous balances and a very low exception rate is expected',
      ],
      correct: 3,
      explanation:
        '<p>Negative confirmations alone are acceptable only when the risk is low and supported by effective controls, the population is a <strong>large number of small, homogeneous balances</strong>, a <strong>very low exception rate</strong> is expected, and there is no reason to believe recipients will disregard the requests. A few large balances, a high expected exception rate, or inattentive recipients all call for positive confirmations or other procedures.</p>',
      references: ['AICPA Professional Standards, AU-C 505, External Confirmations.'],
      path: [EVIDENCE, 'Substantive procedures', 'Confirmations'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'No reply to a positive confirmation',
      stem: '<p>An auditor sent positive confirmation requests for a sample of trade receivables. A customer with a $48,000 balance did not respond to the original or the second request.</p><p>What should the auditor do?</p>',
      choices: [
        'Perform alternative procedures, such as examining subsequent cash receipts and the related shipping documents',
        'Treat the balance as confirmed, because the customer did not dispute it',
        'Project the entire balance as a misstatement to the population',
        'Send a negative confirmation request instead',
      ],
      correct: 0,
      explanation:
        '<p>For each <strong>nonresponse</strong> to a positive request, the auditor performs <strong>alternative procedures</strong>; for receivables, examining subsequent cash receipts, shipping documents and sales invoices provides evidence about existence. Silence is not confirmation for a positive request, a nonresponse is not itself a misstatement, and a negative request would provide even less evidence.</p>',
      references: ['AICPA Professional Standards, AU-C 505, External Confirmations (nonresponses).'],
      path: [EVIDENCE, 'Substantive procedures', 'Confirmations'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Management asks the auditor not to confirm',
      stem: "<p>Management asks the auditor not to send a confirmation request to the company's largest customer, saying the customer is in a contract dispute with the company and a request could harm negotiations.</p><p>What should the auditor do?</p>",
      choices: [
        'Send the request anyway without telling management',
        'Exclude the balance from testing, because management has explained its reason',
        'Withdraw from the engagement immediately',
        "Inquire into management's reasons, seek evidence of their validity and perform alternative audit procedures",
      ],
      correct: 3,
      explanation:
        "<p>When management refuses to allow a confirmation, the auditor <strong>inquires into the reasons</strong>, seeks evidence about their validity, evaluates the implications for the risk assessment (including fraud risk), and performs <strong>alternative procedures</strong>. If the refusal is unreasonable or alternative evidence cannot be obtained, the auditor communicates with those charged with governance and considers the effect on the opinion. Going behind management's back, dropping the balance from testing, or withdrawing immediately are not appropriate first steps.</p>",
      references: ["AICPA Professional Standards, AU-C 505, External Confirmations (management's refusal)."],
      path: [EVIDENCE, 'Substantive procedures', 'Confirmations'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'When receivables need not be confirmed',
      stem: "<p>An auditor is planning substantive procedures for a nonissuer's trade receivables.</p><p>In which situation may the auditor decide <strong>not</strong> to use external confirmation procedures for receivables?</p>",
      choices: [
        'The client prefers that its customers not be contacted',
        'Receivables were confirmed in the prior-year audit',
        'The receivables balance is immaterial to the financial statements',
        'Confirmation would take longer than other procedures',
      ],
      correct: 2,
      explanation:
        '<p>AU-C 330 requires external confirmation of accounts receivable <strong>unless</strong> the balance is <strong>immaterial</strong>, confirmation would be ineffective, or the assessed risk of material misstatement is low and other planned procedures address it; the auditor documents the reasons. Client preference, prior-year confirmations and convenience are not valid reasons.</p>',
      references: [
        'AICPA Professional Standards, AU-C 330 (external confirmation of accounts receivable).',
        'AICPA Professional Standards, AU-C 505, External Confirmations.',
      ],
      path: [EVIDENCE, 'Substantive procedures', 'Confirmations'],
      status: 'SUBMITTED',
      author: 'writer',
      reviewComment:
        'Resubmitted after review. The first version cited AU-C 505 for the presumption; the requirement to confirm receivables is in AU-C 330, and the explanation now says so and lists all three exceptions.',
    },
    // Evidence and Procedures › Substantive procedures › Analytical procedures
    {
      name: 'Account suited to a substantive analytical procedure',
      stem: '<p>An auditor wants to use substantive analytical procedures as the main source of evidence for one account of a manufacturing client.</p><p>For which account is this approach most likely to be effective?</p>',
      choices: [
        'Interest expense on fixed-rate long-term debt outstanding all year',
        'Legal fees related to pending litigation',
        'Repairs and maintenance expense',
        'Gain on the sale of a division',
      ],
      correct: 0,
      explanation:
        '<p>Substantive analytical procedures work best where there is a <strong>plausible, predictable relationship</strong> among data: interest on fixed-rate debt can be estimated precisely from the principal, rate and time outstanding. Legal fees and repairs fluctuate with events, and a one-time gain on disposal has no predictable relationship, so these need tests of details.</p>',
      references: ['AICPA Professional Standards, AU-C 520, Analytical Procedures.'],
      path: [EVIDENCE, 'Substantive procedures', 'Analytical procedures'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Gross margin jumps while the industry is flat',
      stem: "<p>The chart (shown) compares a wholesaler's gross margin for the past four years with the industry average. The client's margin rose from 31% to 38% this year, while the industry average stayed at 30–31%. Sales volume and selling prices were stable, and the product mix did not change.</p><p>Which misstatement is most consistent with this trend?</p>",
      choices: [
        'Understatement of sales revenue',
        'Overstatement of cost of goods sold',
        'Overstatement of ending inventory',
        'Overstatement of the allowance for doubtful accounts',
      ],
      correct: 2,
      explanation:
        '<p>With stable sales, a higher gross margin means <strong>cost of goods sold is lower</strong> than expected; an <strong>overstated ending inventory</strong> understates cost of goods sold and inflates the margin. Understated sales or overstated cost of goods sold would <em>lower</em> the margin, and the allowance for doubtful accounts affects operating expenses, not gross margin.</p>',
      references: [
        'AICPA Professional Standards, AU-C 520, Analytical Procedures.',
        'AICPA Professional Standards, AU-C 315 (analytical procedures as risk assessment procedures).',
      ],
      path: [EVIDENCE, 'Substantive procedures', 'Analytical procedures'],
      status: 'PUBLISHED',
      author: 'admin',
      image: 'chart',
    },
    {
      name: 'Analytical procedures required at the end',
      stem: "<p>A new staff auditor asks when GAAS requires analytical procedures in an audit of a nonissuer's financial statements.</p><p>Which answer is correct?</p>",
      choices: [
        'Only as substantive procedures for revenue',
        'As risk assessment procedures and near the end of the audit to help form an overall conclusion',
        'Only when internal control is found to be ineffective',
        'Only in audits of issuers',
      ],
      correct: 1,
      explanation:
        "<p>GAAS require analytical procedures <strong>as risk assessment procedures</strong> and <strong>near the end of the audit</strong> to assess whether the financial statements are consistent with the auditor's understanding of the entity. Using them as substantive procedures is a matter of judgment, not a requirement, and the requirements do not depend on control effectiveness or on whether the entity is an issuer.</p>",
      references: [
        'AICPA Professional Standards, AU-C 520, Analytical Procedures.',
        'AICPA Professional Standards, AU-C 315 (risk assessment procedures).',
      ],
      path: [EVIDENCE, 'Substantive procedures', 'Analytical procedures'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Evidence and Procedures › Substantive procedures › Inventory and cash
    {
      name: 'Test counts traced from the floor',
      stem: "<p>While observing a client's physical inventory count, the auditor selects items on the warehouse shelves, counts them and traces the counts to the client's count sheets.</p><p>Which assertion does this procedure primarily test?</p>",
      choices: ['Existence', 'Completeness', 'Valuation and allocation', 'Rights and obligations'],
      correct: 1,
      explanation:
        '<p>Starting with physical items and tracing them <strong>to the records</strong> tests whether everything that exists is recorded: <strong>completeness</strong>. Selecting items from the count sheets and finding them on the floor tests existence. Counting does not test valuation, and ownership (rights) is tested through purchase documents and consignment arrangements.</p>',
      references: [
        'AICPA Professional Standards, AU-C 501, Audit Evidence—Specific Considerations for Selected Items (inventory).',
        'AICPA Professional Standards, AU-C 315 (assertions).',
      ],
      path: [EVIDENCE, 'Substantive procedures', 'Inventory and cash'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Transfer between bank accounts at year-end',
      stem: "<p>The timeline (shown) summarizes a transfer found on the client's bank transfer schedule. On December 31, a $250,000 check drawn on Account A was deposited in Account B. The deposit was recorded in Account B's cash ledger on December 31, but the disbursement from Account A was not recorded until January 3. The check cleared Account A on January 4.</p><p>What does this indicate?</p>",
      choices: [
        'Cash is understated at year-end by $250,000',
        "Cash is correctly stated, because the transfer is between the company's own accounts",
        'Cash is overstated at year-end by $250,000, because the same money is counted in both accounts',
        'Accounts receivable is overstated because of lapping',
      ],
      correct: 2,
      explanation:
        '<p>Recording the deposit in December but the disbursement in January counts the same $250,000 in <strong>both accounts</strong>, overstating year-end cash; this is characteristic of <strong>kiting</strong>. A bank transfer schedule comparing book and bank dates for transfers around year-end is designed to detect it. Cash is not understated or correct, and lapping involves misapplying customer receipts, not transfers between bank accounts.</p>',
      references: [
        'AICPA Professional Standards, AU-C 500, Audit Evidence.',
        'AICPA Professional Standards, AU-C 240, Consideration of Fraud in a Financial Statement Audit.',
      ],
      path: [EVIDENCE, 'Substantive procedures', 'Inventory and cash'],
      status: 'DRAFT',
      author: 'writer',
      image: 'diagram',
    },
    // Evidence and Procedures › Audit sampling › Attribute sampling
    {
      name: 'Factor that increases an attribute sample',
      stem: '<p>An auditor uses statistical attribute sampling to test a control over cash disbursements.</p><p>Holding other factors constant, which change would <strong>increase</strong> the required sample size?</p>',
      choices: [
        'An increase in the tolerable rate of deviation',
        'A decrease in the expected population deviation rate',
        'An increase in the acceptable risk of overreliance',
        'A decrease in the tolerable rate of deviation',
      ],
      correct: 3,
      explanation:
        '<p>Sample size moves inversely with the <strong>tolerable rate</strong> and with the acceptable risk of overreliance, and directly with the expected deviation rate. A <strong>lower tolerable rate</strong> requires more evidence and a larger sample. A higher tolerable rate, a lower expected rate and a higher acceptable risk all reduce sample size.</p>',
      references: [
        'AICPA Professional Standards, AU-C 530, Audit Sampling.',
        'AICPA Audit Guide: Audit Sampling.',
      ],
      path: [EVIDENCE, 'Audit sampling', 'Attribute sampling'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Upper deviation limit above the tolerable rate',
      stem: '<p>An auditor tested a sample of 80 purchase approvals and found 2 deviations, a sample deviation rate of 2.5%. At the planned risk of overreliance, the computed upper deviation limit is 7.6%. The tolerable rate of deviation is 6%.</p><p>What should the auditor conclude?</p>',
      choices: [
        'The control can be relied on as planned, because the sample rate of 2.5% is below the tolerable rate',
        'The tolerable rate should be raised to 8% so that the control can be relied on',
        'The deviations should be projected to the population as a monetary misstatement',
        'The control is not operating as effectively as planned; reliance should be reduced and substantive procedures adjusted',
      ],
      correct: 3,
      explanation:
        '<p>The decision compares the <strong>upper deviation limit</strong>, not the sample rate, with the tolerable rate. Because 7.6% exceeds 6%, the auditor cannot conclude with the planned confidence that the control is effective, so reliance is reduced and substantive procedures changed. Raising the tolerable rate after the fact to get the desired answer is inappropriate, and deviations in a control test are not monetary misstatements.</p>',
      references: [
        'AICPA Professional Standards, AU-C 530, Audit Sampling (evaluating results).',
        'AICPA Audit Guide: Audit Sampling.',
      ],
      path: [EVIDENCE, 'Audit sampling', 'Attribute sampling'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Risk of overreliance and audit effectiveness',
      stem: '<p>An audit manager reviews the sampling risks in a test of controls.</p><p>The risk of assessing control risk too low (the risk of overreliance) relates most directly to:</p>',
      choices: [
        'The efficiency of the audit',
        'Nonsampling risk',
        'The effectiveness of the audit',
        'The risk of incorrect rejection in substantive tests',
      ],
      correct: 2,
      explanation:
        '<p><strong>Overreliance</strong> leads the auditor to do too little substantive work and possibly miss a material misstatement, so it affects audit <strong>effectiveness</strong> (as does incorrect acceptance in substantive tests). Underreliance and incorrect rejection cause unnecessary work and affect efficiency. Nonsampling risk arises from causes other than sampling, such as applying inappropriate procedures or misreading evidence.</p>',
      references: ['AICPA Professional Standards, AU-C 530, Audit Sampling (sampling risk).'],
      path: [EVIDENCE, 'Audit sampling', 'Attribute sampling'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Evidence and Procedures › Audit sampling › Monetary unit sampling
    {
      name: 'Sample size in monetary unit sampling',
      stem: '<p>An auditor uses monetary unit sampling to test the existence of receivables with a recorded value of $2,000,000. Tolerable misstatement is $80,000, expected misstatement is zero, and the reliability factor for the desired risk of incorrect acceptance is 3.0.</p><p>What is the required sample size?</p>',
      choices: ['25', '50', '75', '150'],
      correct: 2,
      explanation:
        '<p>The sampling interval is tolerable misstatement divided by the reliability factor: $80,000 / 3.0 = $26,667. Sample size is the population value divided by the interval: $2,000,000 / $26,667 = <strong>75</strong>. A size of 25 results from ignoring the reliability factor ($2,000,000 / $80,000), and 50 and 150 come from applying the factor incorrectly.</p>',
      references: [
        'AICPA Audit Guide: Audit Sampling (monetary unit sampling).',
        'AICPA Professional Standards, AU-C 530, Audit Sampling.',
      ],
      path: [EVIDENCE, 'Audit sampling', 'Monetary unit sampling'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Projecting a misstatement found in a MUS sample',
      stem: '<p>In a monetary unit sample with a sampling interval of $10,000, the auditor finds that a customer account recorded at $5,000 should be $4,000.</p><p>What is the projected misstatement for this item?</p>',
      choices: ['$1,000', '$2,000', '$5,000', '$10,000'],
      correct: 1,
      explanation:
        '<p>For an item smaller than the sampling interval, the <strong>tainting percentage</strong> is applied to the interval: ($5,000 − $4,000) / $5,000 = 20%, and 20% × $10,000 = <strong>$2,000</strong>. The actual $1,000 difference is used without projection only for items equal to or larger than the interval. $5,000 and $10,000 overstate the projection.</p>',
      references: ['AICPA Audit Guide: Audit Sampling (evaluating monetary unit samples).'],
      path: [EVIDENCE, 'Audit sampling', 'Monetary unit sampling'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Evidence and Procedures › Specific audit areas › Accounting estimates
    {
      name: 'Lawsuit settled before the report date',
      stem: "<p>At December 31, a client recorded a $600,000 liability for a pending lawsuit. On February 20, before the auditor's report is dated, the case settles for $650,000.</p><p>Which approach to auditing the estimate provides the most direct evidence?</p>",
      choices: [
        'Developing an independent point estimate with the help of a specialist',
        "Testing the controls over management's estimation process",
        "Reviewing last year's litigation accrual for management bias",
        "Obtaining audit evidence from events occurring up to the date of the auditor's report",
      ],
      correct: 3,
      explanation:
        "<p>AU-C 540 allows three approaches: <strong>obtaining evidence from events up to the report date</strong>, testing how management made the estimate, and developing an auditor's point estimate or range. A settlement before the report date gives direct evidence of the amount (and is a recognized subsequent event, so the liability should reflect $650,000 if material). An independent estimate and control tests are less direct, and a retrospective review addresses bias, not this year's amount.</p>",
      references: [
        'AICPA Professional Standards, AU-C 540, Auditing Accounting Estimates and Related Disclosures.',
        'AICPA Professional Standards, AU-C 560, Subsequent Events and Subsequently Discovered Facts.',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Accounting estimates'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: "Comparing last year's warranty reserve with actual claims",
      stem: "<p>An auditor compares the client's warranty reserve at the end of last year with the warranty claims actually paid during the current year.</p><p>What is the main purpose of this procedure?</p>",
      choices: [
        "To determine whether last year's financial statements must be reissued",
        "To identify possible management bias and assess the effectiveness of management's estimation process",
        'To test the operating effectiveness of controls over warranty claims',
        'To calculate the current-year warranty reserve',
      ],
      correct: 1,
      explanation:
        "<p>A <strong>retrospective review</strong> of the outcome of prior-year estimates helps the auditor identify indicators of <strong>management bias</strong> and judge how reliable management's process is; AU-C 240 also requires it for significant estimates. It is not meant to second-guess judgments that were reasonable when made, so it does not by itself call for reissuance. It is not a test of controls, and calculating this year's reserve is management's responsibility.</p>",
      references: [
        'AICPA Professional Standards, AU-C 540, Auditing Accounting Estimates and Related Disclosures.',
        'AICPA Professional Standards, AU-C 240 (retrospective review of estimates).',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Accounting estimates'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    {
      name: "Management's estimate outside the auditor's range",
      stem: '<p>Management estimates the allowance for inventory obsolescence at $900,000. Based on the evidence, the auditor develops a reasonable range of $1,000,000 to $1,200,000.</p><p>What misstatement should the auditor accumulate?</p>',
      choices: ['$100,000', '$200,000', '$300,000', "None, because management's estimate is reasonable"],
      correct: 0,
      explanation:
        "<p>When management's point estimate falls <strong>outside</strong> the auditor's range, the misstatement is at least the difference between management's estimate and the <strong>nearest point</strong> of the range: $1,000,000 − $900,000 = $100,000. Measuring to the midpoint ($200,000) or far end ($300,000) overstates the minimum misstatement, and an estimate outside a reasonable range is not reasonable.</p>",
      references: [
        'AICPA Professional Standards, AU-C 540, Auditing Accounting Estimates and Related Disclosures.',
        'AICPA Professional Standards, AU-C 450, Evaluation of Misstatements Identified During the Audit.',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Accounting estimates'],
      status: 'DRAFT',
      author: 'writer',
    },
    // Evidence and Procedures › Specific audit areas › Related parties
    {
      name: 'Finding undisclosed related-party transactions',
      stem: '<p>An auditor is concerned that a client may have related-party transactions that management has not identified.</p><p>Which procedure is most likely to reveal them?</p>',
      choices: [
        'Reading the minutes of board of directors meetings',
        'Observing the physical inventory count',
        'Recalculating depreciation on equipment',
        'Testing the mathematical accuracy of the payroll register',
      ],
      correct: 0,
      explanation:
        '<p>Board minutes often record the approval of <strong>significant or unusual transactions</strong>, including those with officers, directors and their businesses, so reading them is a key procedure for identifying related parties. Other useful sources include conflict-of-interest statements, contracts and confirmations. Inventory observation, depreciation recalculation and payroll footing are unlikely to reveal related parties.</p>',
      references: ['AICPA Professional Standards, AU-C 550, Related Parties.'],
      path: [EVIDENCE, 'Specific audit areas', 'Related parties'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: "Disclosure that a related-party sale was at arm's length",
      stem: "<p>A client sold a building to a company owned by its CEO. The notes to the financial statements state that the sale was made on terms equivalent to those in an arm's-length transaction.</p><p>What is the auditor's responsibility for this statement?</p>",
      choices: [
        'Accept it, because management confirmed it in the representation letter',
        'Obtain sufficient appropriate audit evidence about the assertion',
        'Add an emphasis-of-matter paragraph for every related-party transaction',
        'Require management to remove all related-party disclosures',
      ],
      correct: 1,
      explanation:
        "<p>When management asserts that a related-party transaction was on <strong>arm's-length terms</strong>, the auditor must obtain <strong>sufficient appropriate evidence</strong> about that assertion, for example by comparing the price with independent appraisals or market data. Written representations do not replace evidence, emphasis-of-matter paragraphs are not required for related-party transactions, and related-party disclosures are required by the framework.</p>",
      references: ['AICPA Professional Standards, AU-C 550, Related Parties.'],
      path: [EVIDENCE, 'Specific audit areas', 'Related parties'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Evidence and Procedures › Specific audit areas › Subsequent events
    {
      name: 'Customer bankruptcy after year-end',
      stem: "<p>On February 5, before the auditor's report is issued, a major customer of the client files for bankruptcy. The customer's financial condition had been deteriorating for more than a year, and it owed the client $420,000 at December 31, a material amount.</p><p>How should the client account for this event in the December 31 financial statements?</p>",
      choices: [
        'Adjust the allowance for doubtful accounts at December 31',
        'Disclose the bankruptcy in the notes without adjusting the balances',
        'Take no action, because the filing occurred after year-end',
        "Record the loss in next year's financial statements only",
      ],
      correct: 0,
      explanation:
        "<p>The bankruptcy provides evidence about a condition that <strong>existed at the balance sheet date</strong> (the customer's deteriorating finances), so it is a <strong>recognized</strong> subsequent event, and the December 31 allowance is adjusted. Disclosure alone applies to nonrecognized events whose conditions arose after year-end, such as a fire. Ignoring the event or deferring it to next year would misstate receivables.</p>",
      references: [
        'FASB ASC 855, Subsequent Events.',
        'AICPA Professional Standards, AU-C 560, Subsequent Events and Subsequently Discovered Facts.',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Subsequent events'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Warehouse fire after year-end',
      stem: "<p>On January 20, a fire destroys one of the client's warehouses and its uninsured inventory, a material loss. The client's year-end is December 31, and the financial statements have not yet been issued.</p><p>How should the event be reflected in the December 31 financial statements?</p>",
      choices: [
        'Reduce December 31 inventory by the amount destroyed',
        'Reduce December 31 inventory and disclose the fire in the notes',
        'Disclose the nature of the event and an estimate of its financial effect, without adjusting the December 31 balances',
        'No disclosure is needed, because the fire occurred after the balance sheet date',
      ],
      correct: 2,
      explanation:
        '<p>The fire created a <strong>new condition after the balance sheet date</strong>, so it is a <strong>nonrecognized</strong> subsequent event: balances are not adjusted, but a material event is disclosed with its nature and an estimate of the financial effect (or a statement that one cannot be made). Adjusting inventory would misstate the December 31 position, and omitting disclosure would make the statements misleading.</p>',
      references: [
        'FASB ASC 855, Subsequent Events.',
        'AICPA Professional Standards, AU-C 560, Subsequent Events and Subsequently Discovered Facts.',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Subsequent events'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Fact discovered after the report was released',
      stem: '<p>Two months after releasing an unmodified report, the auditor learns of a fact that may affect the audited financial statements.</p><p>What should the auditor do first?</p>',
      choices: [
        'Take no action, because the auditor has no obligations after the report release date',
        'Discuss the matter with management and, where appropriate, those charged with governance, and determine whether the financial statements need revision',
        'Notify all known users of the financial statements that the report should no longer be relied on',
        'Withdraw the report and reissue it with a disclaimer of opinion',
      ],
      correct: 1,
      explanation:
        '<p>For a subsequently discovered fact, the auditor first <strong>discusses the matter with management</strong> (and those charged with governance where appropriate) and determines whether the financial statements need revision and, if so, how management intends to address it. Notifying users is a later step if management does not act, and withdrawing the report with a disclaimer is not the required response.</p>',
      references: [
        'AICPA Professional Standards, AU-C 560, Subsequent Events and Subsequently Discovered Facts.',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Subsequent events'],
      status: 'NEEDS_REVISION',
      author: 'writer',
      reviewComment:
        "AU-C 560 applies only to facts that existed at the report date and would have caused the auditor to revise the report; the stem just says 'a fact'. Please say so in the stem, and explain what happens if management refuses to revise, since choice C describes part of that step.",
    },
    {
      name: 'Event disclosed after the report date',
      stem: '<p>An auditor completed the audit procedures and dated the report March 5. On March 12, before the report was released, the client completed a material debt refinancing, which management disclosed in Note 14. The auditor performed procedures on the refinancing only.</p><p>How may the auditor date the report?</p>',
      choices: [
        'March 5, except for Note 14, as to which the date is March 12',
        'March 5 only, because the report date cannot change once set',
        'March 12 for the entire report, with no further procedures',
        'The year-end balance sheet date',
      ],
      correct: 0,
      explanation:
        '<p>When only procedures on the new event were performed, the auditor may <strong>dual-date</strong> the report, keeping the original date for everything except the note, which carries the later date; responsibility for events after March 5 is limited to that note. Dating the whole report March 12 is allowed only if subsequent-events procedures are extended to that date. The original date alone ignores the new event, and the balance sheet date is never the report date.</p>',
      references: [
        'AICPA Professional Standards, AU-C 560, Subsequent Events and Subsequently Discovered Facts (dual dating).',
      ],
      path: [EVIDENCE, 'Specific audit areas', 'Subsequent events'],
      status: 'DRAFT',
      author: 'admin',
    },
    // Reporting › Audit opinions › Unmodified opinions and report elements
    {
      name: "Section that comes first in the auditor's report",
      stem: "<p>An auditor is preparing an unmodified report on a nonissuer's financial statements in accordance with AU-C 700.</p><p>After the title and addressee, which section must appear first?</p>",
      choices: [
        'Basis for Opinion',
        'Responsibilities of Management for the Financial Statements',
        'Opinion',
        "Auditor's Responsibilities for the Audit of the Financial Statements",
      ],
      correct: 2,
      explanation:
        "<p>Under the current auditor reporting standards, the <strong>Opinion</strong> section comes first, followed immediately by the <strong>Basis for Opinion</strong> section, which states that the audit was conducted under GAAS and that the auditor is independent. The sections describing management's and the auditor's responsibilities follow.</p>",
      references: [
        'AICPA Professional Standards, AU-C 700, Forming an Opinion and Reporting on Financial Statements.',
      ],
      path: [REPORTING, 'Audit opinions', 'Unmodified opinions and report elements'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: "Date of the auditor's report",
      stem: "<p>An auditor of a nonissuer is deciding what date to put on the auditor's report.</p><p>The report should be dated:</p>",
      choices: [
        'As of the balance sheet date',
        'The day the report is delivered to the client',
        "The last day the engagement team worked at the client's premises",
        'No earlier than the date on which the auditor obtained sufficient appropriate audit evidence, including evidence that management has taken responsibility for the financial statements',
      ],
      correct: 3,
      explanation:
        '<p>The report is dated <strong>no earlier than the date on which sufficient appropriate evidence has been obtained</strong>, including evidence that the audit documentation has been reviewed, all statements and disclosures have been prepared, and management has asserted its responsibility for them. The balance sheet date, the delivery date and the last day on site are not the relevant criteria.</p>',
      references: [
        "AICPA Professional Standards, AU-C 700, Forming an Opinion and Reporting on Financial Statements (date of the auditor's report).",
      ],
      path: [REPORTING, 'Audit opinions', 'Unmodified opinions and report elements'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Key audit matters for a nonissuer',
      stem: "<p>The board of a private company asks whether the auditor's report on its financial statements will include key audit matters.</p><p>Under GAAS, key audit matters are communicated in the auditor's report:</p>",
      choices: [
        'In every audit conducted under GAAS',
        'Only when the auditor is engaged to communicate them',
        'Only when the opinion is modified',
        'Never; key audit matters apply only to issuers',
      ],
      correct: 1,
      explanation:
        '<p>For nonissuers, AU-C 701 applies only when the auditor is <strong>engaged to communicate key audit matters</strong> (or required by law or regulation). They are not required in every audit, are not tied to modified opinions (and are not communicated when the auditor disclaims an opinion), and are not limited to issuers; for most issuer audits, PCAOB standards separately require critical audit matters.</p>',
      references: [
        "AICPA Professional Standards, AU-C 701, Communicating Key Audit Matters in the Independent Auditor's Report.",
        "PCAOB AS 3101, The Auditor's Report on an Audit of Financial Statements When the Auditor Expresses an Unqualified Opinion.",
      ],
      path: [REPORTING, 'Audit opinions', 'Unmodified opinions and report elements'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    // Reporting › Audit opinions › Modified opinions
    {
      name: 'Material and pervasive departure from GAAP',
      stem: '<p>A client refuses to consolidate a subsidiary that it controls, as required by U.S. GAAP. The auditor concludes that the effect is both material and pervasive to the financial statements.</p><p>Which opinion should the auditor express?</p>',
      choices: [
        'Qualified opinion',
        'Adverse opinion',
        'Disclaimer of opinion',
        'Unmodified opinion with an emphasis-of-matter paragraph',
      ],
      correct: 1,
      explanation:
        '<p>A <strong>material and pervasive misstatement</strong> calls for an <strong>adverse opinion</strong>, stating that the financial statements are not fairly presented. A qualified opinion is for material but not pervasive misstatements, a disclaimer is for an inability to obtain sufficient appropriate evidence, and an emphasis-of-matter paragraph highlights properly presented matters and cannot fix a misstatement.</p>',
      references: [
        "AICPA Professional Standards, AU-C 705, Modifications to the Opinion in the Independent Auditor's Report.",
      ],
      path: [REPORTING, 'Audit opinions', 'Modified opinions'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Engaged too late to observe inventory',
      stem: "<p>An auditor was engaged after year-end and could not observe the client's physical inventory count. No alternative procedures can provide sufficient appropriate evidence about inventory quantities. Inventory is material but its possible effects are not pervasive.</p><p>Which opinion should the auditor express?</p>",
      choices: [
        'Unmodified opinion with an other-matter paragraph',
        'Adverse opinion',
        'Disclaimer of opinion',
        'Qualified opinion',
      ],
      correct: 3,
      explanation:
        '<p>An inability to obtain sufficient appropriate evidence whose possible effects are <strong>material but not pervasive</strong> leads to a <strong>qualified opinion</strong> (“except for the possible effects of the matter”). A disclaimer applies when the possible effects are pervasive, an adverse opinion is for misstatements rather than scope limitations, and an other-matter paragraph cannot replace missing evidence.</p>',
      references: [
        "AICPA Professional Standards, AU-C 705, Modifications to the Opinion in the Independent Auditor's Report.",
        'AICPA Professional Standards, AU-C 501 (inventory).',
      ],
      path: [REPORTING, 'Audit opinions', 'Modified opinions'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Client omits a required disclosure',
      stem: "<p>Management refuses to disclose that the company violated a debt covenant at year-end, a disclosure required by U.S. GAAP. The auditor concludes that the omission is material but not pervasive.</p><p>What should the auditor's report include?</p>",
      choices: [
        'An unmodified opinion with an emphasis-of-matter paragraph describing the covenant violation',
        'A disclaimer of opinion',
        "An unmodified opinion, because disclosures are management's responsibility",
        'A qualified opinion, with the omitted information included in the Basis for Qualified Opinion section if practicable',
      ],
      correct: 3,
      explanation:
        "<p>An omitted required disclosure is a <strong>misstatement</strong>; when material but not pervasive it leads to a <strong>qualified opinion</strong>, and the auditor describes the omitted information in the basis section and includes it if practicable and supported by sufficient evidence. An emphasis-of-matter paragraph may refer only to matters that are appropriately presented or disclosed. A disclaimer is for scope limitations, and management's responsibility does not allow the auditor to ignore a misstatement.</p>",
      references: [
        "AICPA Professional Standards, AU-C 705, Modifications to the Opinion in the Independent Auditor's Report (omitted disclosures).",
      ],
      path: [REPORTING, 'Audit opinions', 'Modified opinions'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Reporting › Audit opinions › Going concern and report paragraphs
    {
      name: 'Look-forward period for going concern',
      stem: "<p>A nonissuer reporting under U.S. GAAP (FASB) has recurring losses. The timeline (shown) marks the balance sheet date, the report date and the date the financial statements are issued.</p><p>Over what period do management and the auditor evaluate whether there is substantial doubt about the entity's ability to continue as a going concern?</p>",
      choices: [
        'One year after the balance sheet date',
        'One year after the date the financial statements are issued or available to be issued',
        'Two years after the balance sheet date',
        "The remaining term of the entity's longest debt agreement",
      ],
      correct: 1,
      explanation:
        "<p>Under FASB ASC 205-40, management evaluates conditions and events that raise substantial doubt within <strong>one year after the date the financial statements are issued</strong> (or available to be issued), and the auditor evaluates management's assessment for the same period required by the framework. One year from the balance sheet date is the GASB and older period, and the two-year and debt-term periods are not used.</p>",
      references: [
        'FASB ASC 205-40, Presentation of Financial Statements—Going Concern.',
        "AICPA Professional Standards, AU-C 570, The Auditor's Consideration of an Entity's Ability to Continue as a Going Concern.",
      ],
      path: [REPORTING, 'Audit opinions', 'Going concern and report paragraphs'],
      status: 'PUBLISHED',
      author: 'writer',
      image: 'diagram',
    },
    {
      name: 'Substantial doubt that is adequately disclosed',
      stem: "<p>An auditor concludes that substantial doubt exists about a client's ability to continue as a going concern for a reasonable period. Management's plans do not alleviate the doubt, and the notes adequately disclose the conditions and management's plans.</p><p>How should the auditor report?</p>",
      choices: [
        'Express an adverse opinion',
        'Express a qualified opinion',
        "Express an unmodified opinion and include a separate section headed “Substantial Doubt About the Entity's Ability to Continue as a Going Concern”",
        'Disclaim an opinion in every such case',
      ],
      correct: 2,
      explanation:
        '<p>When substantial doubt exists and disclosure is <strong>adequate</strong>, the auditor expresses an <strong>unmodified opinion</strong> with a separate going-concern section that draws attention to the note. Inadequate disclosure would be a misstatement leading to a qualified or adverse opinion. A disclaimer is permitted in rare cases of multiple significant uncertainties but is not required.</p>',
      references: [
        "AICPA Professional Standards, AU-C 570, The Auditor's Consideration of an Entity's Ability to Continue as a Going Concern.",
      ],
      path: [REPORTING, 'Audit opinions', 'Going concern and report paragraphs'],
      freeSample: true,
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Justified change in accounting principle',
      stem: "<p>During the year a client changed its inventory method from FIFO to weighted average. The change is justified, properly accounted for and adequately disclosed, and its effect is material.</p><p>How should the change affect the auditor's report?</p>",
      choices: [
        'It should not be mentioned, because it is properly accounted for',
        'The opinion should be qualified for a lack of consistency',
        'The report should include an emphasis-of-matter paragraph referring to the change',
        'The opinion should be adverse',
      ],
      correct: 2,
      explanation:
        '<p>A change in accounting principle with a material effect on the financial statements requires an <strong>emphasis-of-matter paragraph</strong> that describes the change and refers to the note, while the opinion remains <strong>unmodified</strong>. The opinion is modified only if the change is not justified or not properly accounted for or disclosed. Changes in accounting estimates do not require such a paragraph.</p>',
      references: [
        'AICPA Professional Standards, AU-C 708, Consistency of Financial Statements.',
        'AICPA Professional Standards, AU-C 706, Emphasis-of-Matter Paragraphs and Other-Matter Paragraphs.',
      ],
      path: [REPORTING, 'Audit opinions', 'Going concern and report paragraphs'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Prior year audited by a predecessor',
      stem: "<p>A client presents comparative financial statements. The prior year was audited by a predecessor auditor whose report will not be reissued.</p><p>What should the successor auditor's report include?</p>",
      choices: [
        'An emphasis-of-matter paragraph naming the predecessor firm',
        'An other-matter paragraph stating that another auditor audited the prior-period statements, the type of opinion expressed and the date of that report',
        'A qualified opinion on the prior-period statements',
        'No reference to the prior period, because the successor reports only on the current year',
      ],
      correct: 1,
      explanation:
        "<p>When the predecessor's report is not reissued, the successor adds an <strong>other-matter paragraph</strong> saying that the prior-period statements were audited by another auditor, the type of opinion (and reasons for any modification or emphasis) and the date of that report; the predecessor is usually <strong>not named</strong>. An emphasis-of-matter paragraph is for matters disclosed in the statements, the successor has no basis to qualify the prior period, and the prior period must be addressed because it is presented.</p>",
      references: [
        'AICPA Professional Standards, AU-C 700 (comparative financial statements: prior period audited by a predecessor auditor).',
        'AICPA Professional Standards, AU-C 706, Emphasis-of-Matter Paragraphs and Other-Matter Paragraphs.',
      ],
      path: [REPORTING, 'Audit opinions', 'Going concern and report paragraphs'],
      status: 'SUBMITTED',
      author: 'writer',
    },
    // Reporting › Other engagements › Review, compilation and preparation
    {
      name: 'Main procedures in a review engagement',
      stem: "<p>A CPA is engaged to review the annual financial statements of a privately held company in accordance with SSARS.</p><p>Which procedures form the primary basis for the accountant's conclusion?</p>",
      choices: [
        'External confirmations and observation',
        'Tests of controls over financial reporting',
        'Analytical procedures and inquiries',
        'Inspection of documents for a sample of transactions',
      ],
      correct: 2,
      explanation:
        '<p>A review provides <strong>limited assurance</strong> based primarily on <strong>analytical procedures and inquiries</strong>, supported by written representations from management. Confirmations, observation, tests of controls and document inspection are audit procedures that a review does not require.</p>',
      references: ['AICPA Professional Standards, AR-C 90, Review of Financial Statements.'],
      path: [REPORTING, 'Other engagements', 'Review, compilation and preparation'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'Compilation when the accountant is not independent',
      stem: "<p>A CPA who has a direct financial interest in a client is asked to compile the client's financial statements.</p><p>Which statement is correct under SSARS?</p>",
      choices: [
        'The CPA must decline the engagement',
        'The CPA may perform the compilation without mentioning independence',
        'The CPA should perform a review instead',
        'The CPA may perform the compilation and must state in the report that the accountant is not independent',
      ],
      correct: 3,
      explanation:
        '<p>A compilation provides no assurance, so an accountant who is <strong>not independent</strong> may perform one but must <strong>disclose the lack of independence</strong> in the final paragraph of the report (the reasons may be given, and if given, all must be included). Omitting the disclosure is not allowed, and a review requires independence.</p>',
      references: ['AICPA Professional Standards, AR-C 80, Compilation Engagements.'],
      path: [REPORTING, 'Other engagements', 'Review, compilation and preparation'],
      status: 'DRAFT',
      author: 'writer',
    },
    {
      name: 'Financial statements prepared without a report',
      stem: "<p>A CPA is engaged to prepare a client's financial statements under AR-C 70 and will not issue an accountant's report.</p><p>What must the accountant ensure?</p>",
      choices: [
        'That each page of the financial statements states that no assurance is provided',
        'That a compilation report accompanies the financial statements',
        'That the accountant is independent of the client',
        'That analytical procedures are performed on the statements',
      ],
      correct: 0,
      explanation:
        '<p>In a <strong>preparation engagement</strong> no report is issued, but each page must include a statement such as “<strong>No assurance is provided</strong>” (or the accountant issues a disclaimer). A compilation report belongs to a different engagement, independence is not required, and no analytical procedures are required because no assurance is given.</p>',
      references: ['AICPA Professional Standards, AR-C 70, Preparation of Financial Statements.'],
      path: [REPORTING, 'Other engagements', 'Review, compilation and preparation'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    // Reporting › Other engagements › Attestation engagements
    {
      name: 'What a Type 2 SOC 1 report covers',
      stem: "<p>A payroll processing company engages a service auditor to report on controls relevant to its customers' internal control over financial reporting, and asks for a Type 2 report.</p><p>A Type 2 report includes the service auditor's opinion on:</p>",
      choices: [
        "The fairness of presentation of the service organization's own financial statements",
        'The fairness of the description and the suitability of the design of controls, as of a specified date only',
        'The fairness of the description, the suitability of the design, and the operating effectiveness of controls throughout a specified period',
        'Controls relevant to security, availability and privacy under the trust services criteria',
      ],
      correct: 2,
      explanation:
        "<p>A <strong>Type 2</strong> SOC 1 report covers the fairness of the description, the suitability of design and the <strong>operating effectiveness</strong> of controls <strong>throughout a period</strong>. A Type 1 report covers description and design as of a date. Reports on the trust services criteria are SOC 2 reports, and the service organization's own financial statements are a separate audit.</p>",
      references: [
        "AICPA Professional Standards, AT-C 320, Reporting on an Examination of Controls at a Service Organization Relevant to User Entities' Internal Control Over Financial Reporting.",
      ],
      path: [REPORTING, 'Other engagements', 'Attestation engagements'],
      status: 'PUBLISHED',
      author: 'writer',
    },
    {
      name: 'Report on agreed-upon procedures',
      stem: "<p>A lender engages a CPA to perform agreed-upon procedures on a borrower's inventory records, such as comparing recorded quantities with count sheets for selected items.</p><p>In the agreed-upon procedures report, the CPA:</p>",
      choices: [
        'Expresses limited assurance in the form of a conclusion',
        'Expresses an opinion on whether inventory is fairly stated',
        'Describes the procedures performed and the findings, without expressing an opinion or conclusion',
        'Reports only exceptions together with an overall assurance rating',
      ],
      correct: 2,
      explanation:
        '<p>In an <strong>agreed-upon procedures</strong> engagement the practitioner performs specified procedures and reports the <strong>procedures and findings</strong>; no opinion or conclusion is expressed, and users draw their own conclusions. Limited assurance conclusions come from reviews, opinions from examinations, and there is no assurance rating.</p>',
      references: ['AICPA Professional Standards, AT-C 215, Agreed-Upon Procedures Engagements.'],
      path: [REPORTING, 'Other engagements', 'Attestation engagements'],
      status: 'PUBLISHED',
      author: 'admin',
    },
    {
      name: 'User auditor relying on a Type 1 report',
      stem: '<p>An auditor of a nonissuer whose payroll is processed by a service organization obtains a Type 1 SOC 1 report from the service organization.</p><p>Which statement about this report is correct?</p>',
      choices: [
        'It provides evidence that controls operated effectively throughout the year',
        'It provides evidence about the design and implementation of controls, but not about their operating effectiveness',
        "It removes the need to understand the user entity's own controls",
        "It must be referred to in the user auditor's unmodified opinion",
      ],
      correct: 1,
      explanation:
        "<p>A <strong>Type 1</strong> report addresses the description and design of controls as of a date, so it helps the user auditor understand <strong>design and implementation</strong> but gives no evidence of <strong>operating effectiveness</strong>; relying on controls requires a Type 2 report or other tests. The user auditor still needs to understand complementary user-entity controls and may not refer to the service auditor's report in an unmodified opinion.</p>",
      references: [
        'AICPA Professional Standards, AU-C 402, Audit Considerations Relating to an Entity Using a Service Organization.',
      ],
      path: [REPORTING, 'Other engagements', 'Attestation engagements'],
      status: 'SUBMITTED',
      author: 'writer',
    },
  ],
};
