// The house's boundaries, shown to hold (decisions 019, 055, 057, 058): for each rule of
// eslint.config.js that keeps one room out of another, a planted import at a path inside the room must
// fail lint with that rule. Run by `npm run lint`; exits 1 when a boundary lets its plant through, so a
// rule that stops matching (a renamed folder, a loosened pattern) is caught the day it happens.
import { ESLint } from 'eslint';

const plants = [
  // core imports nothing of the server or the web app
  ['core/src/planted.ts', "import '../../server/src/app';"],
  ['core/src/combat/planted.ts', "import '../../../web/src/lib/i18n';"],
  // a feature's repository is private to it (decision 019)
  ['server/src/features/units/planted.ts', "import '../campaigns/repository';"],
  // plugins, infra and lib never import a feature (decision 055)
  ['server/src/plugins/planted.ts', "import '../features/combat/routes';"],
  ['server/src/infra/planted.ts', "import '../features/auth/service';"],
  ['server/src/lib/planted.ts', "import '../features/units/service';"],
  // web features never import each other or the app shell
  ['web/src/features/units/planted.ts', "import '@/features/combat/combat-view';"],
  ['web/src/features/units/planted-app.ts', "import '@/app/router';"],
  // web lib and components never import a feature or the app shell (decision 057)
  ['web/src/lib/planted.ts', "import '@/features/units/units-view';"],
  ['web/src/lib/planted-relative.ts', "import '../features/units/units-view';"],
  ['web/src/components/planted.tsx', "import '@/app/router';"],
  ['web/src/components/ui/planted.tsx', "import '../../features/campaigns/campaign-list';"],
  // the bench reaches the server through its public seams only (decision 058)
  ['bench/src/planted.ts', "import '../../server/src/features/units/repository';"],
];

const eslint = new ESLint();
let failures = 0;
for (const [filePath, code] of plants) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  const caught = (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
  if (!caught) {
    failures += 1;
    console.error(`boundary not enforced: ${filePath} may ${code}`);
  }
}
if (failures > 0) process.exit(1);
console.log(`${plants.length} planted imports across the house's boundaries, each refused by lint.`);
