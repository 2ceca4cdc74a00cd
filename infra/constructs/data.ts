import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { deployedTableKeys, tables, type TableDef, type TableKey } from '../../shared/tables';

const attributeType = (t: 'S' | 'N') => (t === 'S' ? AttributeType.STRING : AttributeType.NUMBER);

/** Every deployed table in shared/tables.ts: on demand, recoverable to any second, never deleted with the stack. */
export class Data extends Construct {
  /** Every deployed table; local-only tables (stand-ins' stores) are absent. */
  readonly tables: Partial<Record<TableKey, TableV2>>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.tables = {};
    for (const key of deployedTableKeys) {
      const def: TableDef = tables[key];
      this.tables[key] = new TableV2(this, key, {
        partitionKey: { name: def.partitionKey.name, type: attributeType(def.partitionKey.type) },
        sortKey: def.sortKey && { name: def.sortKey.name, type: attributeType(def.sortKey.type) },
        billing: Billing.onDemand(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: true,
        removalPolicy: RemovalPolicy.RETAIN,
        timeToLiveAttribute: def.ttlAttribute,
        globalSecondaryIndexes: def.indexes?.map((index) => ({
          indexName: index.name,
          partitionKey: { name: index.partitionKey.name, type: attributeType(index.partitionKey.type) },
          sortKey: index.sortKey && { name: index.sortKey.name, type: attributeType(index.sortKey.type) },
          projectionType: ProjectionType.ALL,
        })),
      });
    }
  }
}
