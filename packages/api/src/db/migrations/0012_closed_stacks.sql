CREATE TABLE "closed_stack_request_items" (
	"cod_pedido" integer NOT NULL,
	"cod_exemplar" integer NOT NULL,
	CONSTRAINT "closed_stack_request_items_cod_pedido_cod_exemplar_pk" PRIMARY KEY("cod_pedido","cod_exemplar")
);
--> statement-breakpoint
CREATE TABLE "closed_stack_requests" (
	"cod_pedido" serial PRIMARY KEY NOT NULL,
	"protocolo" text NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_stack_requests_protocolo_unique" UNIQUE("protocolo"),
	CONSTRAINT "closed_stack_requests_situacao" CHECK ("closed_stack_requests"."situacao" in ('pendente', 'atendido', 'cancelado'))
);
--> statement-breakpoint
ALTER TABLE "copies" ADD COLUMN "acervo_fechado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_stack_request_items" ADD CONSTRAINT "closed_stack_request_items_cod_pedido_closed_stack_requests_cod_pedido_fk" FOREIGN KEY ("cod_pedido") REFERENCES "public"."closed_stack_requests"("cod_pedido") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_stack_request_items" ADD CONSTRAINT "closed_stack_request_items_cod_exemplar_copies_cod_exemplar_fk" FOREIGN KEY ("cod_exemplar") REFERENCES "public"."copies"("cod_exemplar") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_stack_requests" ADD CONSTRAINT "closed_stack_requests_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_stack_requests" ADD CONSTRAINT "closed_stack_requests_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_stack_items_exemplar_idx" ON "closed_stack_request_items" USING btree ("cod_exemplar");--> statement-breakpoint
CREATE INDEX "closed_stack_requests_pessoa_idx" ON "closed_stack_requests" USING btree ("cod_pessoa");