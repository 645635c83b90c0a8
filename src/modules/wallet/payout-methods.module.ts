import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from '../../config/app-config.js';
import { IfscConfig, IfscDirectory } from './infrastructure/ifsc/ifsc-directory.js';
import { IfscController, PayoutMethodsController } from './payout-methods.controller.js';
import { LookupIfscHandler } from './queries/lookup-ifsc/lookup-ifsc.handler.js';
import { ListPayoutMethodsHandler } from './queries/list-payout-methods/list-payout-methods.handler.js';
import { PayoutMethodRepository } from './infrastructure/payout-method.repository.js';
import { SavePayoutMethodHandler } from './commands/save-payout-method/save-payout-method.handler.js';
import { RemovePayoutMethodHandler } from './commands/remove-payout-method/remove-payout-method.handler.js';
import { PayoutMethodSaver } from './events/payout-method-saver.listener.js';

/** Bank details done right: the IFSC lookup and saved payout methods. Part of the wallet module. */
@Module({
  imports: [CqrsModule],
  controllers: [PayoutMethodsController, IfscController],
  providers: [
    { provide: IfscConfig, inject: [AppConfig], useFactory: (config: AppConfig) => IfscConfig.of(config) },
    IfscDirectory,
    PayoutMethodRepository,
    LookupIfscHandler,
    ListPayoutMethodsHandler,
    SavePayoutMethodHandler,
    RemovePayoutMethodHandler,
    PayoutMethodSaver,
  ],
  exports: [PayoutMethodRepository],
})
export class PayoutMethodsModule {}
