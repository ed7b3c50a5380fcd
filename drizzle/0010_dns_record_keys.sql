-- The rules of DNS data the record rows now keep by index (src/server/db/schema/dns.ts): a
-- record set holds a value once, and a name holds one CNAME. Rows written before them may break
-- them (two adds of one record at once both passed their checks), so the rows the indexes
-- would refuse go first, the oldest of each kept: the same record twice is one in DNS, and the
-- first CNAME of a name is the one its zone answered with. Names compare without case.
DELETE FROM "dns_records" AS "later" USING "dns_records" AS "kept"
WHERE "kept"."zone_guid" = "later"."zone_guid" AND "kept"."type" = "later"."type"
  AND lower("kept"."name") = lower("later"."name") AND "kept"."value" = "later"."value"
  AND ("kept"."date_created", "kept"."guid") < ("later"."date_created", "later"."guid");
--> statement-breakpoint
DELETE FROM "dns_records" AS "later" USING "dns_records" AS "kept"
WHERE "kept"."zone_guid" = "later"."zone_guid" AND "kept"."type" = 'CNAME' AND "later"."type" = 'CNAME'
  AND lower("kept"."name") = lower("later"."name")
  AND ("kept"."date_created", "kept"."guid") < ("later"."date_created", "later"."guid");
--> statement-breakpoint
CREATE UNIQUE INDEX "dns_records_record_key" ON "dns_records" USING btree ("zone_guid","type",lower("name"),md5("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "dns_records_cname_key" ON "dns_records" USING btree ("zone_guid",lower("name")) WHERE "dns_records"."type" = 'CNAME';
