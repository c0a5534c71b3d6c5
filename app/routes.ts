import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'
import { LOCALES, PAGE_PATHS, type PageName } from './utils/locales.ts'

const PAGE_MODULES: Record<PageName, string> = {
	home: 'routes/home.tsx',
	prices: 'routes/prices.tsx',
	order: 'routes/order.tsx',
	faq: 'routes/faq.tsx',
	about: 'routes/about.tsx',
	contact: 'routes/contact.tsx',
	page: 'routes/content-page.tsx',
}

// Every public page in Danish at the root and in English under /en: see PAGE_PATHS.
const publicPages = LOCALES.flatMap((locale) =>
	(Object.keys(PAGE_MODULES) as PageName[]).map((name) => {
		const path = PAGE_PATHS[name][locale].slice(1)
		const id = `${name}.${locale}`
		return path === '' ? index(PAGE_MODULES[name], { id }) : route(path, PAGE_MODULES[name], { id })
	}),
)

export default [
	layout('routes/public-layout.tsx', [...publicPages, route('*', 'routes/not-found.tsx')]),
	route('banner', 'routes/banner.ts'),
] satisfies RouteConfig
