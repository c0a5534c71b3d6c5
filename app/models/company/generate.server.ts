import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { cvrCheckDigit } from '#app/models/company/cvr.ts'
import type { CompanyRecord } from '#app/models/company/record.ts'

// A synthetic registry that looks and searches like the real one: Danish names built the way
// Danish firms are named, legal forms in roughly the registry's proportions, valid modulus-11 CVR
// numbers, real street names and postcodes (from the address service's data when it is at hand,
// see REGISTRY_SOURCE_DIR), about 40% active. The same seed gives the same registry.

const SURNAMES = [
	'Jensen Nielsen Hansen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Jørgensen Petersen',
	'Madsen Kristensen Olsen Thomsen Christiansen Poulsen Johansen Møller Mortensen Knudsen Jakobsen',
	'Mikkelsen Frederiksen Lund Holm Schmidt Eriksen Kristiansen Simonsen Clausen Svendsen Andreasen',
	'Østergaard Jeppesen Vestergaard Nissen Lauridsen Kjær Jespersen Mogensen Skov Søndergaard Bertelsen',
	'Dam Iversen Nørgaard Bach Kjeldsen Thygesen Friis Brandt Dahl Winther Bak Lassen Gregersen Koch Ravn',
	'Holst Bruun Juhl Bisgaard Damgaard Overgaard Ebbesen Aagaard Kirkegaard Vinther Bang Krogh Hald',
	'Lindberg Toft Bundgaard Højgaard Kragh Schou Fisker Lykke Munk Storm Gram Wulff Skytte Husted Bjerre',
	'Ahrens Blom Brix',
]
	.join(' ')
	.split(' ')
const FIRST_NAMES = [
	'Anders Mette Lars Søren Hanne Jens Peter Kirsten Henrik Susanne Niels Anne Thomas Camilla Martin',
	'Louise Mads Sofie Rasmus Ida Morten Lone Jesper Birgitte Michael Pia Ole Karen Christian Julie',
	'Frederik Emma Mikkel Line Kasper Maja Jakob Trine Bo Signe Jørgen Bente Poul Inge Erik Lene Torben',
	'Malene Claus Ditte Allan Helle Brian Rikke Kim Tina Steen Gitte Ulrik Charlotte Asger Freja Emil',
	'Astrid Viggo Ellen Aksel Agnes',
]
	.join(' ')
	.split(' ')
const TRADES = [
	'Tømrer Murer VVS El-service Maler Rengøring Transport Revision Consult Ejendomme Holding Invest Byg',
	'Auto Import Export Design Reklame Tandlægeklinik Fysioterapi Frisør Bageri Slagter Blomster IT Data',
	'Software Marketing Kommunikation Advokatfirma Arkitekter Ingeniører Entreprise Anlæg Gartneri',
	'Landbrug Maskinstation Vognmandsforretning Kro Café Restaurant Pizzeria Smørrebrød Tøj Sko Optik',
	'Cykler Køleteknik Ventilation Tagdækning Kloakservice Skilte Trykkeri Forlag Film Musik Event',
	'Catering Sikkerhed Vikarservice Rådgivning Økonomi Bogføring Oversættelse Sprogservice Medical',
	'Energi Solenergi Miljø Genbrug Logistik Shipping Fiskeri Dyreklinik Yoga Fitness Golf Urmager',
	'Smykker Isenkram Tekstil Møbler Køkkener Glarmester Smed Låsesmed Autoværksted Vinduespolering',
	'Bryggeri Mejeri Planteskole',
]
	.join(' ')
	.split(' ')
const FANTASY = [
	'Nord Syd Øst Vest Sol Lys Havn Fjord Skov Bakke Mølle Kilde Bølge Strand Eg Birk Lind Ravn Ørn Falk',
	'Løve Bjørn Ulv Stjerne Nova Nexus Prima Optima Scandi Nordic Baltic Viking Thor Odin Frej Freja',
	'Gefion Dana Dania Royal Nordisk Jysk Fynsk Sjællandsk Bornholms Vestjysk Sønderjysk Nordjysk Polar',
	'Aurora Atlas Zenit Kompas Anker Fyrtårn Klit Hede Å Sø Engh Vig Næs Holm Toft Vang Lund Dal Høj',
]
	.join(' ')
	.split(' ')
const ENDINGS = 'lys bakke gaard hus holm vang dal strand skov lund kilde høj vig næs by sted borg'.split(' ')
const ENGLISH =
	'Consulting Group Solutions Trading Partners Systems Technologies Studio Lab Works Nordic Services Management Capital Media'.split(
		' ',
	)

// Share of the registry per legal form (sole proprietorships and associations carry none).
const LEGAL_FORMS: [form: string, share: number][] = [
	['', 0.4],
	['ApS', 0.38],
	['A/S', 0.06],
	['I/S', 0.06],
	['IVS', 0.05],
	['K/S', 0.02],
	['P/S', 0.015],
	['A.m.b.A.', 0.015],
]
const CEASED = [
	'OPHØRT',
	'OPHØRT',
	'OPHØRT',
	'OPLØST EFTER FRIVILLIG LIKVIDATION',
	'OPLØST EFTER KONKURS',
	'TVANGSOPLØST',
	'OPLØST EFTER ERKLÆRING',
	'UNDER KONKURS',
]

type Address = { street: string; postcode: string; city: string }

// mulberry32: small, fast, and the same sequence on every machine.
export function seededRandom(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

type Options = { count: number; seed?: number; sourceDir?: string; activeShare?: number }

export function* generateCompanies({
	count,
	seed = 1,
	sourceDir,
	activeShare = 0.4,
}: Options): Generator<CompanyRecord> {
	const random = seededRandom(seed)
	const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
	const { streets, postcodes } = loadAddressData(sourceDir)
	const used = new Set<number>()
	for (let index = 0; index < count; index++) {
		const cvr = uniqueCvr(random, used)
		const legalForm = pickWeighted(random(), LEGAL_FORMS)
		const place = pick(postcodes)
		const address = {
			street: `${pick(streets)} ${1 + Math.floor(random() * random() * 180)}${random() < 0.08 ? pick(['A', 'B', 'C']) : ''}`,
			postcode: place.postcode,
			city: place.city,
		}
		const isActive = random() < activeShare
		const base = companyName(random, pick, legalForm, address)
		yield {
			cvr,
			unitNumber: 4_000_000_000 + cvr,
			name: legalForm ? `${base} ${legalForm}` : base,
			legalForm: legalForm || null,
			...address,
			status: isActive ? 'NORMAL' : pick(CEASED),
			isActive,
			isAdProtected: random() < 0.15,
		}
	}
}

function companyName(
	random: () => number,
	pick: <T>(list: readonly T[]) => T,
	legalForm: string,
	address: Address,
): string {
	const surname = pick(SURNAMES)
	const roll = random()
	if (!legalForm && roll < 0.3) return `${pick(FIRST_NAMES)} ${surname}`
	if (roll < 0.14) return `${surname}s ${pick(TRADES)}`
	if (roll < 0.24) return `${pick(TRADES)} ${surname}`
	if (roll < 0.3) return `${surname} & ${random() < 0.5 ? 'Søn' : pick(SURNAMES)}`
	if (roll < 0.42) return `${pick(FANTASY)}${pick(ENDINGS)}`
	if (roll < 0.56) return `${pick(FANTASY)} ${pick(TRADES)}`
	if (roll < 0.64) return `${address.city.replace(/ [A-ZØÆÅ]+$/, '')} ${pick(TRADES)}`
	if (roll < 0.74) return `${pick(FIRST_NAMES)} ${surname} ${random() < 0.6 ? 'Holding' : 'Ejendomme'}`
	if (roll < 0.84) return `${pick(FANTASY)}${random() < 0.5 ? pick(ENDINGS) : ''} ${pick(ENGLISH)}`
	if (roll < 0.9)
		return `${pick(['Grundejerforeningen', 'Foreningen', 'Andelsboligforeningen', 'Idrætsforeningen'])} ${pick(FANTASY)}${pick(ENDINGS)}`
	if (roll < 0.97) return `${pick(FIRST_NAMES).slice(0, 1)}. ${surname} ${pick(TRADES)}`
	return `${legalForm || 'ApS'} KBIL ${Math.floor(random() * 40)} NR. ${1000 + Math.floor(random() * 9000)}`.replace(
		/^ApS ApS/,
		'ApS',
	)
}

function pickWeighted<T>(roll: number, options: [T, number][]): T {
	let total = 0
	for (const [value, share] of options) {
		total += share
		if (roll < total) return value
	}
	return options[0]![0]
}

function uniqueCvr(random: () => number, used: Set<number>): number {
	for (;;) {
		const first7 = String(1_000_000 + Math.floor(random() * 4_499_999))
		const check = cvrCheckDigit(first7)
		if (check === null) continue
		const cvr = Number(`${first7}${check}`)
		if (used.has(cvr)) continue
		used.add(cvr)
		return cvr
	}
}

// Real street names and ordinary postcodes from the Danish address service (DAWA) when its files
// are at hand (../shared/registry, or REGISTRY_SOURCE_DIR); otherwise a short list of well-known
// ones, so a fresh machine still gets a plausible demo.
function loadAddressData(sourceDir = process.env.REGISTRY_SOURCE_DIR ?? path.resolve('../shared/registry')) {
	const streetsFile = path.join(sourceDir, 'dawa_real_Vejnavn.csv')
	const postcodesFile = path.join(sourceDir, 'dawa_postnumre.csv')
	if (!existsSync(streetsFile) || !existsSync(postcodesFile)) return FALLBACK_ADDRESSES
	const streets = readFileSync(streetsFile, 'utf8')
		.split('\n')
		.slice(1)
		.map((line) => line.split(';')[3]?.replace(/^"|"$/g, '') ?? '')
		.filter((name) => /^[\p{L} .'-]{3,40}$/u.test(name) && !/prøvevej/i.test(name))
	const postcodes = readFileSync(postcodesFile, 'utf8')
		.split('\n')
		.slice(1)
		.map((line) => line.split(';'))
		.filter(([postcode, city, bigCustomer]) => postcode && city && bigCustomer?.trim() === 'false')
		.map(([postcode, city]) => ({ postcode: postcode!.padStart(4, '0'), city: city! }))
	return { streets: [...new Set(streets)], postcodes }
}

const FALLBACK_ADDRESSES = {
	streets: [
		'Vesterbrogade',
		'Nørrebrogade',
		'Østerbrogade',
		'Strandvejen',
		'Algade',
		'Søndergade',
		'Nørregade',
		'Vestergade',
		'Østergade',
		'Jernbanegade',
		'Kongensgade',
		'Skolevej',
		'Kirkevej',
		'Industrivej',
		'Møllevej',
		'Bakkevej',
		'Engvej',
		'Stationsvej',
		'Havnegade',
		'Åboulevarden',
	],
	postcodes: [
		{ postcode: '1620', city: 'København V' },
		{ postcode: '2100', city: 'København Ø' },
		{ postcode: '2200', city: 'København N' },
		{ postcode: '8000', city: 'Aarhus C' },
		{ postcode: '5000', city: 'Odense C' },
		{ postcode: '9000', city: 'Aalborg' },
		{ postcode: '6200', city: 'Aabenraa' },
		{ postcode: '7100', city: 'Vejle' },
		{ postcode: '6700', city: 'Esbjerg' },
		{ postcode: '8900', city: 'Randers C' },
		{ postcode: '4000', city: 'Roskilde' },
		{ postcode: '3000', city: 'Helsingør' },
		{ postcode: '7400', city: 'Herning' },
		{ postcode: '6000', city: 'Kolding' },
		{ postcode: '3700', city: 'Rønne' },
	],
}
