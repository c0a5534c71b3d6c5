import { useRef, useState } from 'react'
import AsyncSelect from 'react-select/async'
import { HttpError, requestJson } from '#app/utils/request-headers.ts'
import type { BusinessResult } from '#app/models/company/record.ts'
import { BUSINESSES_PATH } from '#app/models/company/search-rules.ts'
import type { CompanySearchProps } from '#app/components/order/company-search.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'

const MIN_LENGTH = 3
const DEBOUNCE_MS = 200

// react-select gives the accessible combobox (keyboard, live region, spinner); the server does the
// matching (folded Danish letters, legal forms), so the widget shows what it gets, unfiltered.
const CVR = /^\d{8}$/

// What the picker starts with: the company a CVR names, under the name the account knows.
function chosenOf(query: string, knownName: string | null | undefined): BusinessResult | undefined {
	const cvr = query.trim()
	if (!CVR.test(cvr)) return undefined
	return { id: cvr, vat_number: cvr, name: knownName ?? '', street: '', city: '', active: true }
}

export default function CompanySearchWidget(props: CompanySearchProps) {
	const { id, label, placeholder, describedBy, isInvalid } = props
	const { t } = useI18n()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const latest = useRef<AbortController>(undefined)
	// Past the searches allowed per address (429) the list says to wait, and the answers kept so far
	// are dropped so the same text is asked again once it may be.
	const [isLimited, setLimited] = useState(false)
	const [cacheKey, setCacheKey] = useState(0)

	// Typing fast asks once, for what was typed last; a failure shows an empty list.
	function loadOptions(input: string): Promise<BusinessResult[]> {
		clearTimeout(timer.current)
		latest.current?.abort()
		if (input.trim().length < MIN_LENGTH) return Promise.resolve([])
		const controller = new AbortController()
		latest.current = controller
		return new Promise((resolve) => {
			timer.current = setTimeout(() => {
				requestJson<{ businesses: BusinessResult[] }>(`${BUSINESSES_PATH}?query=${encodeURIComponent(input)}`, {
					signal: controller.signal,
				})
					.then((answer) => {
						setLimited(false)
						resolve(answer.businesses)
					})
					.catch((error: unknown) => {
						const isLimitedNow = error instanceof HttpError && error.status === 429
						setLimited(isLimitedNow)
						if (isLimitedNow) setCacheKey((key) => key + 1)
						else if (!controller.signal.aborted) console.warn('Business search failed', error)
						resolve([])
					})
			}, DEBOUNCE_MS)
		})
	}

	return (
		<AsyncSelect<BusinessResult, false>
			inputId={id}
			instanceId={id}
			name="company_cvr"
			loadOptions={loadOptions}
			cacheOptions={`answers-${cacheKey}`}
			isClearable
			defaultValue={chosenOf(props.defaultQuery, props.knownName)}
			filterOption={null}
			getOptionValue={(business) => business.vat_number}
			getOptionLabel={(business) => business.name}
			formatOptionLabel={(business, { context }) =>
				context === 'value' ? (
					business.name ? (
						`${business.name} (${t('request.cvr')} ${business.vat_number})`
					) : (
						`${t('request.cvr')} ${business.vat_number}`
					)
				) : (
					<span className="block">
						<span className="block font-medium">
							{business.name}
							{!business.active && (
								<span className="ml-2 text-xs font-normal text-slate-600 uppercase">{t('request.companyCeased')}</span>
							)}
						</span>
						<span className="block text-sm text-slate-600">
							{t('request.cvr')} {business.vat_number} · {[business.street, business.city].filter(Boolean).join(', ')}
						</span>
					</span>
				)
			}
			placeholder={placeholder}
			noOptionsMessage={({ inputValue }) =>
				inputValue.trim().length < MIN_LENGTH
					? t('request.companyTooShort')
					: isLimited
						? t('request.companyLimited')
						: t('request.companyNone')
			}
			loadingMessage={() => t('request.companyLoading')}
			// What a screen reader hears, in the page's language (react-select's own is English).
			ariaLiveMessages={{
				guidance: () => t('request.companyGuide'),
				onChange: ({ label: name, action }) =>
					action === 'select-option' ? t('request.companyChosen', { name }) : t('request.companyCleared'),
				onFocus: ({ label: name, options, focused }) =>
					t('request.companyFocus', { name, index: options.indexOf(focused) + 1, count: options.length }),
				onFilter: ({ inputValue, resultsMessage }) =>
					inputValue ? t('request.companyFilter', { results: resultsMessage, query: inputValue }) : resultsMessage,
			}}
			screenReaderStatus={({ count }) => t('request.companyResults', { count })}
			aria-label={label}
			aria-describedby={describedBy}
			aria-invalid={isInvalid}
			classNamePrefix="company-search"
			styles={{
				control: (base) => ({ ...base, borderColor: isInvalid ? '#b91c1c' : '#94a3b8', minHeight: '2.625rem' }),
				placeholder: (base) => ({ ...base, color: '#475569' }),
				option: (base, state) => ({
					...base,
					color: '#0f172a',
					backgroundColor: state.isFocused ? '#ccfbf1' : state.isSelected ? '#99f6e4' : 'white',
				}),
			}}
		/>
	)
}
