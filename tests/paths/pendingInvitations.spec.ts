import { driver } from './pendingInvitations.driver'
import { drivePaths } from './runner'

drivePaths(driver)
