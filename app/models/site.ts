// The agency's address on a map: OpenStreetMap's search, which needs no key and sets no cookies.
export function mapLink(address: string): string {
	return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`
}
