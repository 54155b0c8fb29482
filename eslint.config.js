// ESLint flat config (`npm run lint`): typescript-eslint's recommended rules — syntax only; types
// are checked by `npm run typecheck` — and the React hooks rules (with the React Compiler's checks)
// for the Ink front end. Rules switched off below say why; readme.md "Decisions where the spec is silent".
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

/** The globals of the Node that runs the scripts (process, Buffer, fetch, …). */
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, "readonly"]));

export default defineConfig([
	globalIgnores(["dist/", "node_modules/", "test/fixtures/"]),
	{
		linterOptions: { reportUnusedDisableDirectives: "error" },
	},
	{
		files: ["**/*.{ts,tsx,js,mjs}"],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: nodeGlobals },
		rules: {
			// Control characters are arbor's subject: it strips and escapes them in terminal text and
			// matches escape sequences in key input and tests. Every such regex is deliberate.
			"no-control-regex": "off",
			// A leading underscore marks a binding kept only to leave it out of a rest object or to count.
			"@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
		},
	},
	{
		// Tests read JSON the CLI wrote or sent to the fake provider and assert on its shape: `any`
		// there is the point (the assertions check it); source code keeps the rule.
		files: ["test/**"],
		rules: { "@typescript-eslint/no-explicit-any": "off" },
	},
	{
		files: ["**/*.tsx", "source/ui/**/*.ts"],
		extends: [reactHooks.configs.flat.recommended],
	},
]);
