import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MeController } from './me.controller.js';
import { ExportUserDataHandler } from './queries/export-user-data/export-user-data.handler.js';

/** The user's data rights: a copy of everything held about them. Reads other modules through their queries only. */
@Module({
  imports: [CqrsModule],
  controllers: [MeController],
  providers: [ExportUserDataHandler],
})
export class PrivacyModule {}
