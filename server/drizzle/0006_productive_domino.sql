CREATE TABLE "partition_holder_counts" (
	"contract_address" text NOT NULL,
	"partition" text NOT NULL,
	"holders" integer NOT NULL,
	CONSTRAINT "partition_holder_counts_contract_address_partition_pk" PRIMARY KEY("contract_address","partition")
);
