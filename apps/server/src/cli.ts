import { type ParseArgsConfig, parseArgs } from 'node:util';
import {
  type BillingPlanInput,
  categoryValue,
  ErrorCode,
  emailField,
  FREQUENCY_TYPES,
  PRODUCT_CATEGORY_VALUES,
  passwordField,
} from '@qbank/contract';
import { z } from 'zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { demoAccounts, existingDemoAccounts, seedDemo } from './db/seed';
import type { Deps } from './deps';
import { memoryRateLimiter } from './infra/rate-limiter';
import { AppError } from './lib/app-error';
import { parseInput } from './lib/validation';
import { billingService } from './modules/billing';
import { registrationService } from './modules/registration';

const help = `QBank Cloud operator commands: npm run qbank -- <command> [options]

  migrate                               apply database migrations
  seed-demo                             seed the demo accounts and QBanks into an empty database
  create-user --email E --password P [--first-name F] [--last-name L] [--superuser]
                                        create a verified user (or make an existing one superuser)
  create-product --name N [--category C] [--price-cents 4900 [--frequency MONTHLY] [--auto-renew]]
                                        create a QBank (category: a store category such as PHYSICIAN,
                                        NURSING or ACCOUNTING; SPECIAL when left out), optionally with
                                        one public billing plan (MONTHLY when no --frequency is given); a
                                        paid plan's price is made at the configured payment provider
                                        (Stripe with STRIPE_SECRET_KEY, else the built-in test checkout)
  help                                  show this text

The database is the one the server uses: DATABASE_URL, or the embedded one under DATA_DIR.`;

const options = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  superuser: { type: 'boolean', default: false },
  name: { type: 'string' },
  category: { type: 'string' },
  'price-cents': { type: 'string' },
  frequency: { type: 'string' },
  'auto-renew': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];
type Values = ReturnType<typeof parseArgs<{ options: typeof options; strict: true }>>['values'];

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(help);
    return;
  }
  const { values } = parseArgs({ args: rest, options, strict: true });
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (command === 'migrate') {
      console.log('Migrations applied.');
      return;
    }
    // The server's own adapters (the payment provider STRIPE_SECRET_KEY chooses, the clock) and services, so
    // the commands keep the rules the API keeps. Nothing listens and no background job runs; the rate limiter
    // is the in-process one, as no command is rate limited.
    const { app, deps } = await buildApp({
      config,
      database,
      startJobs: false,
      logger: false,
      limiter: memoryRateLimiter(),
    });
    try {
      await run(command, values, deps);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function run(command: string, values: Values, deps: Deps) {
  const { db } = deps;
  switch (command) {
    case 'seed-demo': {
      // With Stripe the demo plans get prices made there, so they can be bought; the test checkout takes fixed ids.
      const seeded = await seedDemo(db, {
        clock: deps.clock,
        storage: deps.storage,
        ...(deps.payments.kind === 'stripe' ? { createPrice: (s) => deps.payments.createPrice(s) } : {}),
      });
      const present = seeded ? demoAccounts : await existingDemoAccounts(db);
      console.log(
        seeded
          ? 'Demo data seeded. Demo accounts:'
          : `The database is not empty; nothing seeded.${present.length ? ' Demo accounts seeded earlier:' : ''}`,
      );
      for (const a of present) console.log(`  ${a.email.padEnd(22)} ${a.password.padEnd(16)} ${a.role}`);
      return;
    }
    case 'create-user': {
      const input = parseInput(
        z.object({ email: emailField('--email'), password: passwordField('--password') }),
        { email: values.email, password: values.password },
        'body',
      );
      const done = await registrationService(deps).createVerifiedUser({
        ...input,
        firstName: values['first-name'] ?? 'Admin',
        lastName: values['last-name'] ?? 'User',
        superuser: values.superuser ?? false,
      });
      console.log(
        `${done === 'created' ? 'Created' : 'Updated'} ${input.email}${values.superuser ? ' (superuser)' : ''}.`,
      );
      return;
    }
    case 'create-product': {
      const input = parseInput(
        z.object({
          name: z.string({ error: '--name is required' }).trim().min(1, { error: '--name is required' }),
          category: z
            .string()
            .transform(categoryValue)
            .pipe(
              z.enum(PRODUCT_CATEGORY_VALUES, {
                error: `--category must be one of ${PRODUCT_CATEGORY_VALUES.join(', ')}`,
              }),
            ),
        }),
        { name: values.name, category: values.category ?? 'SPECIAL' },
        'body',
      );
      const plan = values['price-cents'] === undefined ? null : planInput(values);
      // The billing service keeps the plan rules and makes a paid plan's price at the provider before it
      // writes anything.
      const { productId, stripePriceId } = await billingService(deps)
        .createProduct(input, plan)
        .catch((e: unknown) => {
          if (e instanceof AppError && e.field === 'autoRenewForSubscription')
            throw new AppError(
              ErrorCode.VALIDATION,
              '--auto-renew needs a paid plan with a MONTHLY, QUARTERLY, HALF_YEARLY or YEARLY --frequency',
              'autoRenew',
            );
          throw e;
        });
      console.log(
        `Created QBank "${input.name}" (${productId}, ${input.category})${
          plan
            ? ` with the plan "${plan.planName}"${stripePriceId ? ` (${deps.payments.kind === 'stripe' ? 'Stripe' : 'test checkout'} price ${stripePriceId})` : ''}`
            : ''
        }.`,
      );
      return;
    }
    default:
      throw new AppError(ErrorCode.VALIDATION, `Unknown command "${command}". Run: npm run qbank -- help`);
  }
}

/** The one public plan of create-product, read from its flags (the billing service checks its rules). */
function planInput(values: Values): BillingPlanInput {
  const plan = parseInput(
    z.object({
      priceCents: z.coerce
        .number({ error: '--price-cents must be a whole number of cents' })
        .int({ error: '--price-cents must be a whole number of cents' })
        .min(0, { error: '--price-cents must be a whole number of cents' }),
      frequency: z.enum(FREQUENCY_TYPES, {
        error: `--frequency must be one of ${FREQUENCY_TYPES.join(', ')}`,
      }),
      autoRenew: z.boolean(),
    }),
    {
      priceCents: values['price-cents'],
      frequency: (values.frequency ?? 'MONTHLY').toUpperCase(),
      autoRenew: values['auto-renew'] ?? false,
    },
    'body',
  );
  return {
    planName:
      plan.frequency === 'INDEFINITE' ? 'Lifetime access' : plan.frequency.toLowerCase().replace('_', '-'),
    price: plan.priceCents / 100,
    frequencyType: plan.frequency,
    autoRenewForSubscription: plan.autoRenew,
    billingPlanType: 'PUBLIC',
    active: true,
    autoCreateStripePrice: true,
  };
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
