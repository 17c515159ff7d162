import type { N8nCli } from '../../scripts/n8n/n8n-cli';
import type { RawClient } from '../raw/raw-client';
import type { CountedService, Fixtures } from '../scenarios';
import type { ServiceClient } from '../service/service-client';
import type { ParameterLayout } from '../workflow/node-contender';

/** Everything the phases of one bench run share. */
export interface BenchContext {
	cli: N8nCli;
	main: ServiceClient;
	list: ServiceClient;
	raw: RawClient;
	fixtures: Fixtures;
	layout: ParameterLayout;
	preloadFile: string;
	n8nPackageDir: string;
	workDir: string;
	/** Epoch ms after which no further n8n round starts. */
	deadline: number;
	/** The services of the counted scenarios, when they run. */
	counted?: Record<CountedService, ServiceClient>;
}

/** The service a segment's requests go to. */
export function serviceOfSegment(context: BenchContext, segment: { scenario: string; service?: CountedService }): ServiceClient {
	if (segment.service) {
		const service = context.counted?.[segment.service];
		if (!service) throw new Error(`no ${segment.service} service for ${segment.scenario}`);
		return service;
	}
	return segment.scenario === 'getMany10000' ? context.list : context.main;
}

export const EXECUTE_TIMEOUT_MS = 5 * 60 * 1000;
