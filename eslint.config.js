import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The Drizzle schema and client are the server's: a component or a page takes the values of a
// constrained column (statuses, payment methods) from database/enums.ts; a type may be shared.
const NO_SCHEMA_IN_THE_BROWSER = {
	regex: '^#database/(schema|client|pool)\\.ts$',
	allowTypeImports: true,
	message: 'The schema stays on the server: take constants from #database/enums.ts.',
}

// Node reads a JSON module only with its attribute; Vite and Vitest do without, so code that runs
// under both (the simulation imports test helpers) would work in the tests and fail from the shell.
const JSON_WITH_ATTRIBUTE = {
	selector: "ImportDeclaration[importKind!='type'][source.value=/\\.json$/]:not(:has(ImportAttribute))",
	message: "Import JSON with { type: 'json' }: Node refuses it without (Vite does not).",
}

const ONE_IMPORT_STYLE = {
	regex: '^\\.\\.?/(?!\\+types/)',
	message: 'Import through #app/, #server/, #database/ or #tests/ (decision 003).',
}

export default tseslint.config(
	{ ignores: ['build/', 'data/', 'node_modules/', '.react-router/', 'database/migrations/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	jsxA11y.flatConfigs.recommended,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// One import style: package imports (#app/…, #server/…), never a path relative to the file.
			'no-restricted-imports': ['error', { patterns: [ONE_IMPORT_STYLE] }],
			'no-restricted-syntax': ['error', JSON_WITH_ATTRIBUTE],
		},
	},
	{
		// Models never see HTTP (decision 014): no router, no context, no app/http.
		files: ['app/models/**/*.{ts,tsx}'],
		ignores: ['app/models/**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: 'react-router',
							message: 'Models never see HTTP: take (db | services, input), return a result (decision 014).',
						},
					],
					patterns: [
						ONE_IMPORT_STYLE,
						{
							regex: '^#app/(http|routes)/',
							message: 'Models never see HTTP: take (db | services, input), return a result (decision 014).',
						},
					],
				},
			],
		},
	},
	{
		// Side effects belong to the model (decision 014): a route calls one model function that
		// changes, audits and announces; it never writes the audit log or broadcasts by itself.
		files: ['app/routes/**/*.{ts,tsx}', 'app/http/**/*.{ts,tsx}'],
		ignores: ['app/**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						ONE_IMPORT_STYLE,
						{
							regex: '^#app/models/(audit/record|live/broadcast)\\.server\\.ts$',
							message: 'Routes call a model that changes, audits and announces (decision 014).',
						},
					],
				},
			],
		},
	},
	{
		// Code that reaches the browser (components, hooks, browser-safe models and helpers) never
		// imports a *.server module, named or default; a type is erased and may be shared.
		files: ['app/**/*.{ts,tsx}'],
		ignores: [
			'app/**/*.server.ts',
			'app/**/*.test.ts',
			'app/routes/**',
			'app/root.tsx',
			'app/entry.server.tsx',
			'app/http/**',
		],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['**/*.server', '**/*.server.ts', '**/*.server.tsx'],
							allowTypeImports: true,
							message: 'Server modules stay on the server.',
						},
						NO_SCHEMA_IN_THE_BROWSER,
					],
				},
			],
		},
	},
	{
		// A page module's component reaches the browser with whatever it imports by value.
		files: ['app/routes/**/*.{ts,tsx}', 'app/root.tsx'],
		ignores: ['app/**/*.server.ts', 'app/**/*.test.ts'],
		rules: {
			'@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_SCHEMA_IN_THE_BROWSER] }],
		},
	},
	{
		// One UI kit, used: a button or an input is the kit's (Button, Input, Hidden), which owns the
		// look, the submit default and the focus outline.
		files: ['app/**/*.tsx'],
		ignores: ['app/components/ui/**'],
		rules: {
			'no-restricted-syntax': [
				'error',
				JSON_WITH_ATTRIBUTE,
				{
					selector: "JSXOpeningElement[name.name='button']",
					message: 'Use Button from #app/components/ui/button.tsx.',
				},
				{
					selector: "JSXOpeningElement[name.name='input']",
					message: 'Use Input or Hidden from #app/components/ui/input.tsx.',
				},
			],
		},
	},
)
