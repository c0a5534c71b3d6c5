import { users } from '#app/models/staff/record.ts'
import { RESOURCE_NAMES, type Resource, type ResourceName } from '#app/models/records/definition.ts'
import { faqCategories } from '#app/models/records/faq-categories.ts'
import { faq } from '#app/models/records/faq.ts'
import { languages } from '#app/models/records/languages.ts'
import { pages } from '#app/models/records/pages.ts'
import { prices } from '#app/models/records/prices.ts'
import { slides } from '#app/models/records/slides.ts'
import { team } from '#app/models/records/team.ts'

// Every record type staff manage through the generic list and form screens, by address.
export const RESOURCES: Record<ResourceName, Resource> = {
	faq,
	'faq-categories': faqCategories,
	team,
	languages,
	prices,
	slides,
	pages,
	users,
}

export function resourceFromPath(pathname: string): Resource | null {
	const name = pathname.split('/')[2]?.replace(/\.data$/, '')
	return RESOURCE_NAMES.includes(name as ResourceName) ? RESOURCES[name as ResourceName] : null
}

// Form data → plain values for the schema: tags keep all their values, an unticked checkbox is absent.
export function formValues(resource: Resource, form: URLSearchParams | FormData): Record<string, unknown> {
	const values: Record<string, unknown> = {}
	for (const field of resource.fields) {
		if (field.kind === 'tags') values[field.name] = form.getAll(field.name).map(String)
		else if (field.kind === 'checkbox') values[field.name] = form.get(field.name) === 'on'
		else values[field.name] = form.get(field.name)?.toString() ?? ''
	}
	return values
}
