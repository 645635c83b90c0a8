import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../../config/app-config.js';
import { TokenService } from './token.service.js';
import { AuthGuard } from './auth.guard.js';
import { PassportModule } from '@nestjs/passport';
import { JwtStrategy } from './jwt.strategy.js';

@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as never },
      }),
    }),
  ],
  providers: [TokenService, JwtStrategy, AuthGuard],
  exports: [TokenService, AuthGuard],
})
export class AuthCoreModule {}
