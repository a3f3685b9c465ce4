CREATE TABLE "note_reads" (
	"student_id" uuid NOT NULL,
	"mentor_id" uuid NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_reads_student_id_mentor_id_pk" PRIMARY KEY("student_id","mentor_id")
);
--> statement-breakpoint
ALTER TABLE "note_reads" ADD CONSTRAINT "note_reads_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reads" ADD CONSTRAINT "note_reads_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_reads_mentor_idx" ON "note_reads" USING btree ("mentor_id");