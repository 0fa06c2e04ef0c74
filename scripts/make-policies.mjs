// Writes the policy PDFs served at /terms, /privacy and /cookies (DESIGN.md §5) from the text below.
//   node scripts/make-policies.mjs     (commit apps/server/assets/policies/*.pdf)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/server/assets/policies');
const company = 'QBank Cloud';
const contact = 'support@qbankcloud.com';
const effective = 'Effective 1 November 2026';

const policies = {
  terms: {
    title: 'Terms of Use',
    sections: [
      [
        '1. Who we are',
        `${company} ("we", "us") runs an online service where educators author question banks (QBanks) and offer them privately or on a public store, and where learners subscribe to them and take practice tests. These terms apply to everyone who visits or uses the service.`,
      ],
      [
        '2. Your account',
        'You must give a true name and an e-mail address you control, keep your password secret and tell us at once if you believe someone else has used your account. You are responsible for what is done with your account. Accounts are personal and may not be shared.',
      ],
      [
        '3. Subscriptions and payment',
        'Prices are shown on the store before you buy. Recurring subscriptions renew automatically at the end of each period until you turn auto-renew off in Account Settings; access continues until the end of the period already paid. One-time purchases give access for the period stated and do not renew. Payments are processed by our payment provider; we do not store card numbers.',
      ],
      [
        '4. Refunds',
        "If a question bank is materially different from its description, write to us within 14 days of purchase and we will refund you. Other refunds are at the discretion of the question bank's publisher.",
      ],
      [
        '5. Content and ownership',
        'Authors keep ownership of the questions, explanations and media they publish, and grant us the licence needed to host, display and deliver them to their subscribers. Learners may use a question bank only for their own study while their subscription is active, and may not copy, resell or publish its content.',
      ],
      [
        '6. Acceptable use',
        "Do not break the law, infringe others' rights, upload malicious code, probe or overload the service, scrape content, or try to reach data that is not yours. We may suspend accounts that do.",
      ],
      [
        '7. Availability and changes',
        'We work to keep the service available and your data safe, but we provide it "as is". We may change these terms; when the change is material we will tell you by e-mail or in the product at least 30 days before it applies.',
      ],
      [
        '8. Liability',
        'To the extent the law allows, our liability for any claim is limited to the amount you paid us in the twelve months before it. Nothing in these terms limits liability that cannot be limited by law.',
      ],
      ['9. Contact', `Questions about these terms: ${contact}.`],
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    sections: [
      [
        '1. What we collect',
        'Account data (name, e-mail address, a salted hash of your password), subscription and payment records (never full card numbers), your test answers, timings and scores, messages you send us, and technical data such as IP address and browser type used for security and rate limiting.',
      ],
      [
        '2. Why we use it',
        'To run your account and subscriptions, to deliver tests and statistics, to send the e-mails the service needs (verification, password changes, receipts), to answer your messages, to keep the service secure, and to meet legal obligations. We do not sell personal data.',
      ],
      [
        '3. Who sees it',
        'The publisher and instructors of a question bank you subscribe to see your progress in that bank. Anonymous, aggregated answer statistics are shown to other learners. Our processors (hosting, e-mail delivery, payment processing) handle data only on our instructions.',
      ],
      [
        '4. How long we keep it',
        'Account data is kept while your account is open and deleted within 30 days after you close it, except records we must keep by law (such as invoices, kept for the period tax law requires).',
      ],
      [
        '5. Your rights',
        `You may ask for a copy of your data, its correction or deletion, or object to its use, by writing to ${contact}. You may also complain to your data-protection authority.`,
      ],
      [
        '6. Security',
        'Passwords are stored as slow salted hashes, sessions are protected against cross-site requests, connections are encrypted, and access to production data is limited and logged.',
      ],
      ['7. Contact', `Privacy questions: ${contact}.`],
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    effective: 'Effective 28 November 2026',
    sections: [
      [
        '1. What cookies are',
        'Cookies are small files a website asks your browser to keep. Similar technologies include local storage.',
      ],
      [
        '2. Cookies we use',
        [
          'Strictly necessary ones only, all first-party. Those marked HttpOnly cannot be read by scripts; all are Secure in production.',
          '- qbank_session: keeps you signed in (HttpOnly, SameSite=Lax). It ends when you sign out, after 7 days unused, 30 days after you signed in, or when your password changes.',
          "- qbank_device: tells us this browser signed in to your account before, so other people's wrong guesses cannot lock you out and a sign-in from a new device can be reported to you (HttpOnly, sent to the sign-in page only, 180 days).",
          "- qbank_tz: your browser's time zone, such as Europe/Berlin, so the pages we send show times on your clock (one year). It holds nothing else.",
          '- qbank_referral: the partner link you followed, so a purchase within 30 days is credited to that partner (HttpOnly, sent to our API only).',
          '- qbank_registration: ties a registration you started to this browser for one hour (HttpOnly).',
          "- qbank_lti_browser: ties a launch from your school's course platform (Canvas, Moodle) to this browser while it completes (HttpOnly, minutes).",
          'Requests that change data also carry a token that protects against cross-site request forgery. Local storage keeps the referral code of a partner link you followed, a class invitation you opened until you sign in, the text size you chose for tests, and answers given offline until they reach us.',
        ].join('\n'),
      ],
      [
        '3. What we do not use',
        'No advertising or cross-site tracking cookies. Our payment provider may set its own cookies on its checkout pages to prevent fraud; its own policy applies there.',
      ],
      [
        '4. Your choices',
        'You can delete or block cookies in your browser settings. Without the session cookie you cannot sign in.',
      ],
      ['5. Contact', `Questions about cookies: ${contact}.`],
    ],
  },
};

fs.mkdirSync(out, { recursive: true });
for (const [name, p] of Object.entries(policies)) {
  // Fixed dates keep the files byte-identical from run to run.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${company} ${p.title}`, Author: company, CreationDate: new Date('2026-11-01T00:00:00Z') },
  });
  const file = path.join(out, `${name}.pdf`);
  const done = new Promise((resolve) => doc.pipe(fs.createWriteStream(file)).on('finish', resolve));
  doc.font('Helvetica-Bold').fontSize(20).text(`${company} ${p.title}`);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555')
    .text(p.effective ?? effective)
    .fillColor('#000');
  for (const [heading, body] of p.sections) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(heading);
    doc.moveDown(0.3).font('Helvetica').fontSize(11).text(body, { align: 'left', lineGap: 2 });
  }
  doc.end();
  await done;
  console.log(`Wrote ${path.relative(root, file)} (${fs.statSync(file).size} bytes)`);
}
