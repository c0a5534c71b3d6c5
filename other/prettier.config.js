// One format for the tree (issue 33): the house's tabs, single quotes and no semicolons, lines of
// about 120 characters, and Tailwind's class order so a class list reads the same everywhere.
/** @type {import('prettier').Config} */
export default {
	useTabs: true,
	singleQuote: true,
	semi: false,
	printWidth: 120,
	trailingComma: 'all',
	plugins: ['prettier-plugin-tailwindcss'],
	tailwindStylesheet: new URL('../app/app.css', import.meta.url).pathname,
	tailwindFunctions: ['clsx', 'cn'],
}
