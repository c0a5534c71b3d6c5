import { lazy } from 'react'
import { BUSINESSES_PATH } from '#app/models/company/search-rules.ts'
import { Enhanced } from '#app/components/ui/enhanced.tsx'
import { Input } from '#app/components/ui/input.tsx'

const CompanySearchWidget = lazy(() => import('#app/components/order/company-search-widget.tsx'))

export type CompanySearchProps = {
	id: string
	label: string
	placeholder: string
	describedBy: string
	isInvalid: boolean
	defaultQuery: string
	// The company already chosen (a saved account, a form sent back): shown as the choice, so saving
	// again keeps it. Its name is known when the account stored it; a CVR alone still shows.
	knownName?: string | null
}

// The spec's business picker: a search select over the company registry (GET /businesses), one
// choice, no new entries. Until the page has script it is a text field that takes a CVR number or
// the company's exact name, so the form still works.
export function CompanySearch(props: CompanySearchProps) {
	const plain = (
		<Input
			id={props.id}
			name="company_query"
			type="text"
			autoComplete="organization"
			defaultValue={props.defaultQuery}
			placeholder={props.placeholder}
			aria-describedby={props.describedBy}
			aria-invalid={props.isInvalid || undefined}
		/>
	)
	return (
		<div data-controller="company-search" data-url={BUSINESSES_PATH} data-min-length="3">
			<Enhanced plain={plain}>
				<CompanySearchWidget {...props} />
			</Enhanced>
		</div>
	)
}
